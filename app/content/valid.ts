/**
 * The dealer's content, checked when this module loads: imported by the build
 * (scripts/check-content.ts), the server's start and the tests, so invalid content stops each of
 * them with a message naming the key.
 */
import { CONTENT } from "./index";
import { parseDealerContent } from "./schema";

export const VALID_CONTENT = parseDealerContent(CONTENT);
