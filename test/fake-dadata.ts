/**
 * A local stand-in for DaData's party register (suggest/party and findById/party): answers from a
 * few companies the test gives it, records every request, and fails or hangs when told to.
 */
import http from "node:http";
import { listenOnLoopback } from "./server-process";

export interface FakeCompany {
  inn: string;
  kpp?: string;
  name: string;
  address: string;
  /** A branch (its own КПП under the company's ИНН): never the head office findById answers by default. */
  branch?: true;
}

export interface FakeDadata {
  url: string;
  /** ok: answers; fail: 500; hang: never answers. */
  mode: "ok" | "fail" | "hang";
  companies: FakeCompany[];
  received: { method: string; authorization?: string; body: FakeQuery }[];
  close(): Promise<void>;
}

function suggestion(company: FakeCompany) {
  return {
    value: company.name,
    unrestricted_value: company.name,
    data: {
      inn: company.inn,
      kpp: company.kpp ?? null,
      ogrn: null,
      type: company.inn.length === 12 ? "INDIVIDUAL" : "LEGAL",
      name: { short_with_opf: company.name, full_with_opf: company.name.toUpperCase() },
      address: { value: company.address },
      state: { status: "ACTIVE" },
    },
  };
}

type FakeQuery = { query?: string; branch_type?: string; kpp?: string };

/** findById: the ИНН's head office (`branch_type: 'MAIN'`), the unit of a КПП, or every unit. */
function findById(companies: FakeCompany[], body: FakeQuery): FakeCompany[] {
  return companies.filter(
    (c) =>
      c.inn === String(body.query ?? "") &&
      (body.kpp === undefined || c.kpp === body.kpp) &&
      (body.branch_type !== "MAIN" || !c.branch),
  );
}

export async function startFakeDadata(companies: FakeCompany[]): Promise<FakeDadata> {
  const state: FakeDadata = { url: "", mode: "ok", companies, received: [], close: async () => {} };
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const match = /^\/suggestions\/api\/4_1\/rs\/(suggest|findById)\/party$/.exec(req.url ?? "");
    const body = JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}") as FakeQuery;
    state.received.push({ method: match?.[1] ?? req.url ?? "", authorization: req.headers.authorization, body });
    if (state.mode === "hang") return;
    if (!match || state.mode === "fail") {
      res.writeHead(match ? 500 : 404).end();
      return;
    }
    const query = String(body.query ?? "");
    const found =
      match[1] === "findById"
        ? findById(state.companies, body)
        : state.companies.filter((c) => c.inn.startsWith(query));
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ suggestions: found.map(suggestion) }));
  });
  return Object.assign(state, await listenOnLoopback(server));
}
