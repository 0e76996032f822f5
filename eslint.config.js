// ESLint flat config: TypeScript, React, hooks and accessibility rules for the app, the server,
// the tests and the scripts. Formatting is Prettier's (npm run format); ESLint does not judge it.
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const ROUTES = {
  group: ["~/routes/*", "**/routes/*"],
  message: "A route is the top of the app: what a component or module shares with it lives in app/lib.",
};
const COMPONENTS = {
  group: ["~/components/*", "**/components/*"],
  message: "Only routes and components use components.",
};
const LIB = { group: ["~/lib/*", "**/lib/*"], message: "app/data is plain data: format where it is shown." };
const SERVER_ONLY = {
  group: ["~server/*", "**/*.server", "**/server/*"],
  message: "Components and app/lib go to the browser: server-only values come through loader data.",
};

export default tseslint.config(
  { ignores: ["build/**", "public/build/**", "node_modules/**", ".cache/**", "data/**", "coverage/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { react, "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    settings: { react: { version: "detect" } },
    rules: {
      ...react.configs.recommended.rules,
      ...react.configs["jsx-runtime"].rules,
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      "react/prop-types": "off",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" },
      ],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  // One job per file: a production module over 400 lines is usually two (data and tests aside).
  {
    files: ["app/**/*.{ts,tsx}", "server/**/*.{ts,tsx}"],
    ignores: ["app/data/**", "**/*.test.{ts,tsx}"],
    rules: { "max-lines": ["error", { max: 400, skipBlankLines: false, skipComments: false }] },
  },
  // Imports run one way: routes → components → lib → nothing of the app's; data reads the content,
  // which stands alone;
  // nothing the browser bundles reaches for server-only code.
  {
    files: ["app/components/**/*.{ts,tsx}"],
    rules: { "no-restricted-imports": ["error", { patterns: [ROUTES, SERVER_ONLY] }] },
  },
  {
    files: ["app/lib/**/*.{ts,tsx}"],
    rules: { "no-restricted-imports": ["error", { patterns: [ROUTES, COMPONENTS, SERVER_ONLY] }] },
  },
  {
    files: ["app/data/**/*.{ts,tsx}"],
    ignores: ["**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [ROUTES, COMPONENTS, LIB, SERVER_ONLY] }],
    },
  },
  {
    files: ["app/content/**/*.{ts,tsx}"],
    ignores: ["**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            ROUTES,
            COMPONENTS,
            SERVER_ONLY,
            {
              group: ["~/data/*", "**/data/*", "~/lib/*", "**/lib/*"],
              message: "The dealer's content stands alone: app/data reads it, never the other way.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["**/*.{js,mjs}"],
    languageOptions: { globals: { ...globals.node } },
  },
);
