/**
 * The part of the content schema that checks one key (`leasing.partners.0.logo`), for the tools
 * that look at one value at a time: which values a key allows, what another valid value is.
 */
import type { ZodTypeAny } from "zod";

export interface ZodDef {
  typeName?: string;
  values?: readonly string[];
  innerType?: ZodTypeAny;
  schema?: ZodTypeAny;
  type?: ZodTypeAny;
  items?: ZodTypeAny[];
  valueType?: ZodTypeAny;
  shape?: () => Record<string, ZodTypeAny>;
}

/** The schema without its wrappers (optional, default, refinements). */
export function bareSchema(schema: ZodTypeAny | undefined): ZodTypeAny | undefined {
  let node = schema;
  for (;;) {
    const def = node?._def as ZodDef | undefined;
    const inner = def?.innerType ?? (def?.typeName === "ZodEffects" ? def.schema : undefined);
    if (!inner) return node;
    node = inner;
  }
}

/** The schema of one step down: an object's field, an array's item, a tuple's member, a record's value. */
export function schemaChild(schema: ZodTypeAny | undefined, key: string): ZodTypeAny | undefined {
  const def = bareSchema(schema)?._def as ZodDef | undefined;
  switch (def?.typeName) {
    case "ZodObject":
      return def.shape?.()[key];
    case "ZodArray":
      return def.type;
    case "ZodTuple":
      return def.items?.[Number(key)];
    case "ZodRecord":
      return def.valueType;
    default:
      return undefined;
  }
}

export function schemaAt(schema: ZodTypeAny | undefined, keys: readonly string[]): ZodTypeAny | undefined {
  return keys.reduce<ZodTypeAny | undefined>((node, key) => schemaChild(node, key), schema);
}

/** The values a key allows when the schema lists them (an enum), else undefined. */
export function listedValues(schema: ZodTypeAny | undefined): readonly string[] | undefined {
  const def = bareSchema(schema)?._def as ZodDef | undefined;
  return def?.typeName === "ZodEnum" ? def.values : undefined;
}
