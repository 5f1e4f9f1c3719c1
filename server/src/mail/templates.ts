import type { Mail } from "./mailer.js";

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function layout(
  shopName: string,
  greeting: string,
  lines: string[],
  link: string,
  action: string,
): string {
  const paragraphs = lines.map((line) => `<p>${escapeHtml(line)}</p>`).join("");
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2a44;max-width:560px">
<p>${escapeHtml(greeting)}</p>${paragraphs}
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#3b3bd4;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(action)}</a></p>
<p style="color:#6b7280;font-size:13px">If the button does not work, paste this address into your browser:<br>${escapeHtml(link)}</p>
<p style="color:#6b7280;font-size:13px">${escapeHtml(shopName)}</p></body></html>`;
}

export function verificationMail(shopName: string, to: string, name: string, link: string): Mail {
  const greeting = `Hello ${name},`;
  const lines = [`Thanks for signing up with ${shopName}. Please confirm that this is your e-mail address.`];
  return {
    to,
    subject: `Confirm your e-mail address for ${shopName}`,
    text: `${greeting}\n\n${lines.join("\n")}\n\n${link}\n\nIf you did not sign up, ignore this mail.`,
    html: layout(
      shopName,
      greeting,
      [...lines, "If you did not sign up, ignore this mail."],
      link,
      "Confirm e-mail",
    ),
    link,
  };
}

export function resetPasswordMail(shopName: string, to: string, name: string, link: string): Mail {
  const greeting = `Hello ${name},`;
  const lines = [
    `Someone asked to reset the password of your ${shopName} account. The link works for one hour.`,
    "If it was not you, ignore this mail: your password stays as it is.",
  ];
  return {
    to,
    subject: `Reset your ${shopName} password`,
    text: `${greeting}\n\n${lines.join("\n")}\n\n${link}`,
    html: layout(shopName, greeting, lines, link, "Choose a new password"),
    link,
  };
}
