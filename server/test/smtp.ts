import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export type TestSmtp = {
  url: string;
  /** Raw messages as the server received them. */
  received: string[];
  /** While true, every message is refused with a temporary error, as a server that is down. */
  refusing: boolean;
  close(): Promise<void>;
};

/** A local SMTP server that keeps what it receives and can be told to refuse mail. */
export async function startTestSmtp(): Promise<TestSmtp> {
  const state = { refusing: false };
  const received: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onMailFrom(_address, _session, callback) {
      if (!state.refusing) return callback();
      const error = Object.assign(new Error("Service not available, try again later"), { responseCode: 421 });
      return callback(error);
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push(Buffer.concat(chunks).toString("utf8"));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    get refusing() {
      return state.refusing;
    },
    set refusing(value: boolean) {
      state.refusing = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The Message-ID header of a raw message. */
export function messageId(raw: string): string | undefined {
  return raw.match(/^Message-ID:\s*(<[^>]+>)/im)?.[1];
}
