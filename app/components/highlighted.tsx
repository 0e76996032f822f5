import { Fragment } from "react";
import type { HighlightSegment } from "~/lib/highlight";

/** Text with the words a search matched in `<mark>` (segments from `highlightMatches`). */
export function Highlighted({ segments }: { segments: HighlightSegment[] }) {
  return (
    <>
      {segments.map((segment, i) => (
        <Fragment key={i}>{segment.match ? <mark>{segment.text}</mark> : segment.text}</Fragment>
      ))}
    </>
  );
}
