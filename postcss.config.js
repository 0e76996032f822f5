import postcssNesting from "postcss-nesting";

export default { plugins: [postcssNesting()] };
