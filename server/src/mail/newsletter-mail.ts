import { eq } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { leads } from "../db/schema.js";
import { type MailBrand, type OutgoingMail, renderMail } from "./layout.js";
import { mailToken } from "./preferences.js";

/** The newsletter's double opt-in: the link that confirms a sign-up, signed with the shop's secret. */
function newsletterConfirmationLink(secret: string, publicUrl: string, leadId: string): string {
  const token = `${leadId}.${mailToken(secret, "newsletter", leadId)}`;
  return `${publicUrl}/newsletter/confirm?${new URLSearchParams({ token })}`;
}

export async function newsletterConfirmation(
  ctx: { db: Database; brand: MailBrand; secret: () => Promise<string> },
  leadId: string,
): Promise<OutgoingMail[]> {
  const [lead] = await ctx.db.select().from(leads).where(eq(leads.id, leadId));
  if (lead?.kind !== "newsletter" || lead.confirmedAt) return [];
  const secret = await ctx.secret();
  return [
    renderMail(ctx.brand, {
      to: lead.email,
      subject: `Confirm your newsletter subscription to ${ctx.brand.name}`,
      heading: "Please confirm your subscription",
      paragraphs: [
        `Someone, hopefully you, signed this address up for the ${ctx.brand.name} newsletter. Open the link to confirm; until then nothing is sent.`,
        "If it was not you, ignore this mail and you will not hear from us again.",
      ],
      action: {
        label: "Confirm subscription",
        url: newsletterConfirmationLink(secret, ctx.brand.publicUrl, lead.id),
      },
    }),
  ];
}
