import type { LabelValue } from "~/data/trucks";
import { formatSpecValue } from "~/lib/format";

/** A truck's characteristics or parameters: label and value rows, grouped under heading rows. */
export function SpecTable({ rows, caption }: { rows: LabelValue[]; caption: string }) {
  return (
    <table className="spec-table">
      <caption className="visually-hidden">{caption}</caption>
      <tbody>
        {rows.map((row, index) =>
          row.value === "" ? (
            <tr key={index} className="spec-table__group">
              <th colSpan={2} scope="colgroup">
                {row.label}
              </th>
            </tr>
          ) : (
            <tr key={index}>
              <th scope="row">{row.label}</th>
              <td>{formatSpecValue(row.value)}</td>
            </tr>
          ),
        )}
      </tbody>
    </table>
  );
}
