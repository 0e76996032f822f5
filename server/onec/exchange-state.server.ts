/**
 * What the exchange remembers between 1C's calls, in one small JSON file under DATA_DIR/1c: the
 * sessions 1C holds, the files received since its `init`, the imports' outcomes and the orders
 * the last query offered. The exchange runs on one server, so one process writes it.
 */
import fsp from "node:fs/promises";
import path from "node:path";

export type ExchangeType = "catalog" | "sale";

export interface ImportOutcome {
  state: "running" | "success" | "failure";
  /** The failure's reason, in Russian; a summary on success. */
  message?: string;
  at: string;
}

export interface ExchangeState {
  sessions: { value: string; at: string }[];
  received: Record<ExchangeType, string[]>;
  imports: Record<string, ImportOutcome>;
  /** The catalogue exchange under way: a new id at each `init` of type=catalog. */
  catalogExchange?: string;
  /** The ids of the orders the last `query` listed, confirmed by `success`. */
  queried: string[];
  /** The last call that did something, for go-live and the logs. */
  lastExchange?: { at: string; type: string; mode: string; outcome: string };
}

const empty = (): ExchangeState => ({ sessions: [], received: { catalog: [], sale: [] }, imports: {}, queried: [] });

export class StateFile {
  private readonly file: string;
  private chain: Promise<unknown> = Promise.resolve();

  constructor(dir: string) {
    this.file = path.join(dir, "state.json");
  }

  async read(): Promise<ExchangeState> {
    try {
      return { ...empty(), ...(JSON.parse(await fsp.readFile(this.file, "utf8")) as Partial<ExchangeState>) };
    } catch {
      return empty();
    }
  }

  /** Changes the state, one change at a time, written whole and renamed into place. */
  update<T>(change: (state: ExchangeState) => T): Promise<T> {
    const next = this.chain.then(async () => {
      const state = await this.read();
      const result = change(state);
      await fsp.mkdir(path.dirname(this.file), { recursive: true });
      const temp = `${this.file}.${process.pid}.tmp`;
      await fsp.writeFile(temp, JSON.stringify(state));
      await fsp.rename(temp, this.file);
      return result;
    });
    this.chain = next.catch(() => undefined);
    return next;
  }
}
