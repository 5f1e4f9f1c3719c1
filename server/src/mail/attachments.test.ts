import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderMail } from "./layout.js";
import { createMailer } from "./mailer.js";

const quiet = { info() {}, warn() {}, error() {}, debug() {}, trace() {}, fatal() {}, child: () => quiet };
let outboxDir: string;

beforeAll(async () => {
  outboxDir = await mkdtemp(path.join(tmpdir(), "mail-attachments-"));
});
afterAll(() => rm(outboxDir, { recursive: true, force: true }));

describe("a mail with an attachment", () => {
  it("carries the file in the .eml and names it with its size in the outbox's .json", async () => {
    const file = Buffer.from("%PDF-1.7 a quote");
    const mail = renderMail(
      {
        name: "Agency",
        logoUrl: "https://agency.example/logo.svg",
        address: [],
        publicUrl: "",
        locale: "en-US",
      },
      {
        to: "client@example.com",
        subject: "Quote Q-2026-0001",
        heading: "Hello,",
        paragraphs: ["The quote is attached."],
        attachments: [
          {
            filename: "Q-2026-0001.pdf",
            contentType: "application/pdf",
            contentBase64: file.toString("base64"),
          },
        ],
      },
    );
    const mailer = createMailer({
      smtpUrl: undefined,
      sender: { address: "shop@agency.example", name: undefined, fallbackName: "Agency" },
      outboxDir,
      log: quiet as never,
    });
    await mailer.send(mail);

    const files = await readdir(outboxDir);
    const eml = await readFile(
      path.join(outboxDir, files.find((name) => name.endsWith(".eml")) ?? ""),
      "utf8",
    );
    expect(eml).toMatch(/Content-Type: application\/pdf; name=Q-2026-0001\.pdf/);
    expect(eml).toMatch(/Content-Disposition: attachment; filename=Q-2026-0001\.pdf/);
    expect(eml).toContain(file.toString("base64"));
    const json = JSON.parse(
      await readFile(path.join(outboxDir, files.find((name) => name.endsWith(".json")) ?? ""), "utf8"),
    );
    expect(json.attachments).toEqual([
      { filename: "Q-2026-0001.pdf", contentType: "application/pdf", size: file.length },
    ]);
  });
});
