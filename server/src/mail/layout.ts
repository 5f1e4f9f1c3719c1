import { addressLines, defaultMoneyLocale, type SiteConfig } from "@agency/contract";
import type { JobPayloads } from "../jobs/queue.js";

export type OutgoingMail = JobPayloads["mail.send"];

/** Who the mail is from, as the site identity says, and the locale the shop writes amounts in. */
export type MailBrand = {
  name: string;
  logoUrl: string;
  address: string[];
  publicUrl: string;
  locale: string;
};

/** The site identity as the mails show it (see `currentSiteIdentity` for where it comes from). */
export function mailBrand(
  site: Pick<SiteConfig, "name" | "logo" | "address">,
  publicUrl: string,
  locale: string = defaultMoneyLocale,
): MailBrand {
  return {
    name: site.name,
    logoUrl: /^https?:\/\//.test(site.logo) ? site.logo : `${publicUrl}${site.logo}`,
    address: addressLines(site.address),
    publicUrl,
    locale,
  };
}

/** The brand a mail is written with, read when it is written (so a rebrand reaches the next mail). */
export type MailBrandSource = () => Promise<MailBrand>;

export type MailContent = {
  to: string;
  subject: string;
  heading: string;
  paragraphs: string[];
  /** Label and value rows (order number, amount…). */
  details?: Array<[string, string]>;
  action?: { label: string; url: string };
  /**
   * Mail the reader may turn off: a footer link to the preferences, a one-click unsubscribe link
   * and the List-Unsubscribe headers (RFC 2369, RFC 8058).
   */
  optional?: { unsubscribeUrl: string; oneClickUrl: string; preferencesUrl: string };
  attachments?: OutgoingMail["attachments"];
};

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const muted = "color:#6b7280;font-size:13px";

/** A plain, well-formed HTML mail and its text twin, with the agency's name, logo and address. */
export function renderMail(brand: MailBrand, content: MailContent): OutgoingMail {
  const details = content.details ?? [];
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f5f6fa;font-family:system-ui,-apple-system,Segoe UI,sans-serif;color:#1f2a44">
<div style="max-width:560px;margin:0 auto;background:#fff;border-radius:8px;padding:24px">
<p><img src="${escapeHtml(brand.logoUrl)}" alt="${escapeHtml(brand.name)}" height="40" style="height:40px"></p>
<h1 style="font-size:20px">${escapeHtml(content.heading)}</h1>
${content.paragraphs.map((line) => `<p>${escapeHtml(line)}</p>`).join("\n")}
${
  details.length > 0
    ? `<table role="presentation" style="border-collapse:collapse;width:100%">${details
        .map(
          ([label, value]) =>
            `<tr><th scope="row" style="text-align:left;padding:4px 12px 4px 0;${muted};font-weight:normal">${escapeHtml(label)}</th><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`,
        )
        .join("")}</table>`
    : ""
}
${
  content.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="display:inline-block;background:#3b3bd4;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(content.action.label)}</a></p>
<p style="${muted}">If the button does not work, paste this address into your browser:<br>${escapeHtml(content.action.url)}</p>`
    : ""
}
<hr style="border:0;border-top:1px solid #e5e7eb">
<p style="${muted}">${escapeHtml(brand.name)}<br>${brand.address.map(escapeHtml).join("<br>")}</p>
${
  content.optional
    ? `<p style="${muted}">You can <a href="${escapeHtml(content.optional.unsubscribeUrl)}">unsubscribe</a> from mails like this one or change your <a href="${escapeHtml(content.optional.preferencesUrl)}">e-mail preferences</a>.</p>`
    : ""
}
</div></body></html>`;

  const text = [
    content.heading,
    "",
    ...content.paragraphs.flatMap((line) => [line, ""]),
    ...(details.length > 0 ? [...details.map(([label, value]) => `${label}: ${value}`), ""] : []),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ""] : []),
    "--",
    brand.name,
    ...brand.address,
    ...(content.optional
      ? [
          "",
          `Unsubscribe: ${content.optional.unsubscribeUrl}`,
          `E-mail preferences: ${content.optional.preferencesUrl}`,
        ]
      : []),
  ].join("\n");

  return {
    to: content.to,
    fromName: brand.name,
    subject: content.subject,
    text,
    html,
    ...(content.action ? { link: content.action.url } : {}),
    ...(content.attachments?.length ? { attachments: content.attachments } : {}),
    ...(content.optional
      ? {
          headers: {
            "List-Unsubscribe": `<${content.optional.oneClickUrl}>`,
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
          },
        }
      : {}),
  };
}
