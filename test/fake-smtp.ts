/**
 * A real SMTP server on loopback for the tests (smtp-server): every message it accepts is parsed
 * (mailparser) and kept. `refuse` answers every connection '421' (the mail server is down for
 * maintenance); `stop()` closes the port, so a client meets a refused connection.
 */
import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface FakeSmtp {
  /** smtp://127.0.0.1:{port} */
  url: string;
  port: number;
  received: ParsedMail[];
  /** The user names clients logged in with (any password is taken). */
  logins: string[];
  refuse: boolean;
  /** Answers every recipient '550' (no such mailbox). */
  rejectRecipients: boolean;
  /** How long a message's '250' waits after its data has come (a slow mail server). */
  acceptAfterMs: number;
  /** Messages whose data has begun to arrive, accepted or not yet. */
  dataStarted: number;
  /** Starts listening again on the same port after `stop()`. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** Listens on `port` (a free one when 0). */
export async function startFakeSmtp(port = 0): Promise<FakeSmtp> {
  let server: SMTPServer | undefined;
  const fake: FakeSmtp = {
    url: "",
    port,
    received: [],
    logins: [],
    refuse: false,
    rejectRecipients: false,
    acceptAfterMs: 0,
    dataStarted: 0,
    async start() {
      server = new SMTPServer({
        authOptional: true,
        disabledCommands: ["STARTTLS"],
        // Loopback only: a login without TLS is fine here.
        allowInsecureAuth: true,
        logger: false,
        onAuth(auth, _session, callback) {
          fake.logins.push(auth.username ?? "");
          callback(null, { user: auth.username });
        },
        onConnect(_session, callback) {
          if (!fake.refuse) return callback();
          const error = Object.assign(new Error("Service not available, try again later"), { responseCode: 421 });
          callback(error);
        },
        onRcptTo(_address, _session, callback) {
          if (!fake.rejectRecipients) return callback();
          callback(Object.assign(new Error("No such mailbox"), { responseCode: 550 }));
        },
        onData(stream, _session, callback) {
          fake.dataStarted++;
          simpleParser(stream)
            .then(async (mail) => {
              await new Promise((resolve) => setTimeout(resolve, fake.acceptAfterMs));
              fake.received.push(mail);
              callback();
            })
            .catch(callback);
        },
      });
      await new Promise<void>((resolve, reject) => {
        server!.once("error", reject);
        server!.listen(fake.port, "127.0.0.1", () => resolve());
      });
      fake.port = (server.server.address() as AddressInfo).port;
      fake.url = `smtp://127.0.0.1:${fake.port}`;
    },
    stop: () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
  };
  await fake.start();
  return fake;
}
