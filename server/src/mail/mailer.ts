import { randomBytes } from "node:crypto";
import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { isDeletedAccountEmail } from "@agency/contract";
import type { FastifyBaseLogger } from "fastify";
import nodemailer from "nodemailer";
import type { MailSender } from "../config.js";

/** A file sent with a mail (a quote's PDF); its bytes in base64, so the job's payload stays JSON. */
export type MailAttachment = { filename: string; contentType: string; contentBase64: string };

export type Mail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The one link the mail is about (verification, reset); logged when mail goes to the outbox. */
  link?: string;
  /** Extra headers, e.g. List-Unsubscribe on mail a reader may turn off. */
  headers?: Record<string, string>;
  /** A stable Message-ID, so a mail sent again after a crash is recognisably the same one. */
  messageId?: string;
  /** The shop's name when the mail was written: the From display name, unless configuration fixes one. */
  fromName?: string;
  attachments?: MailAttachment[];
};

export type Mailer = {
  kind: "smtp" | "outbox";
  send(mail: Mail): Promise<void>;
  close(): void;
};

function fromOf(sender: MailSender, mail: Mail) {
  return { name: sender.name ?? mail.fromName ?? sender.fallbackName, address: sender.address };
}

function message(sender: MailSender, mail: Mail) {
  return {
    from: fromOf(sender, mail),
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    headers: mail.headers,
    messageId: mail.messageId,
    attachments: mail.attachments?.map((file) => ({
      filename: file.filename,
      contentType: file.contentType,
      content: file.contentBase64,
      encoding: "base64",
    })),
  };
}

/**
 * A deleted account keeps an address under `.invalid` (RFC 2606) so its records stay unique; no
 * mail may go there, whichever part of the shop asks, so the one place that sends refuses it.
 */
function isAnonymisedAddress(address: string): boolean {
  return isDeletedAccountEmail(address) || address.trim().toLowerCase().endsWith(".invalid");
}

type MailerOptions = {
  smtpUrl: string | undefined;
  sender: MailSender;
  outboxDir: string;
  log: FastifyBaseLogger;
};

/**
 * SMTP when SMTP_URL is set. Otherwise mail is written to the outbox folder (an .eml file any
 * mail client opens, and a .json twin) and its link is logged, so sign-up and password reset work
 * on a machine without a mail server.
 */
export function createMailer(options: MailerOptions): Mailer {
  const transport = createTransportMailer(options);
  return {
    kind: transport.kind,
    async send(mail) {
      if (isAnonymisedAddress(mail.to)) {
        // Dropped, not failed: a retry could never deliver it, and the job is done.
        options.log.info({ subject: mail.subject }, "mail to a deleted account's address not sent");
        return;
      }
      await transport.send(mail);
    },
    close: () => transport.close(),
  };
}

function createTransportMailer({ smtpUrl, sender, outboxDir, log }: MailerOptions): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      kind: "smtp",
      async send(mail) {
        await transport.sendMail(message(sender, mail));
      },
      close: () => transport.close(),
    };
  }

  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    kind: "outbox",
    async send(mail) {
      const info = await transport.sendMail(message(sender, mail));
      await mkdir(outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      // Several mails to one address can leave in the same millisecond: the suffix keeps them apart.
      const name = `${stamp}-${mail.to.replace(/[^a-z0-9@.-]+/gi, "_")}-${randomBytes(3).toString("hex")}`;
      await writeFile(path.join(outboxDir, `${name}.eml`), info.message as Buffer);
      // Written aside and renamed: whoever reads the outbox never finds a half-written .json.
      const json = path.join(outboxDir, `${name}.json`);
      await writeFile(
        `${json}.part`,
        JSON.stringify({
          from: fromOf(sender, mail),
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          link: mail.link,
          headers: mail.headers,
          // What is attached, by name and size: the bytes themselves are in the .eml.
          attachments: mail.attachments?.map((file) => ({
            filename: file.filename,
            contentType: file.contentType,
            size: Buffer.from(file.contentBase64, "base64").length,
          })),
          sentAt: new Date(),
        }),
      );
      await rename(`${json}.part`, json);
      log.info({ to: mail.to, subject: mail.subject, link: mail.link }, "mail saved to the outbox");
    },
    close() {},
  };
}
