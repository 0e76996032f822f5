import { PartImage } from "./part-image";

/** The truck's dimension drawings (side, front, back), folded away under 'Схема'. */
export function TruckScheme({ name, scheme }: { name: string; scheme: [string, string, string][] }) {
  return (
    <details className="scheme" data-testid="scheme">
      <summary>Схема</summary>
      {scheme.map(([side, front, back], index) => (
        <div key={index} className="scheme__views">
          <figure>
            <PartImage src={side} alt={`${name}: схема, вид сбоку`} width={800} height={600} />
            <figcaption>Вид сбоку</figcaption>
          </figure>
          <figure>
            <PartImage src={front} alt={`${name}: схема, вид спереди`} width={800} height={600} />
            <figcaption>Вид спереди</figcaption>
          </figure>
          <figure>
            <PartImage src={back} alt={`${name}: схема, вид сзади`} width={800} height={600} />
            <figcaption>Вид сзади</figcaption>
          </figure>
        </div>
      ))}
    </details>
  );
}
