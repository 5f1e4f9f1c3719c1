import { webhookMessages } from "@agency/contract";
import type { JobHandlers } from "../../jobs/worker.js";
import { formatDate } from "../../mail/format.js";
import { type NotificationContext, ownerMails, queueMails } from "../../mail/notifications.js";
import { endpointById } from "./queries/endpoints.js";

/** The owners hear that an endpoint was turned off after a day of failures, and how to turn it on. */
export function webhookMailHandlers(ctx: NotificationContext): JobHandlers {
  return {
    "mail.webhook-disabled": async ({ endpointId }, job) => {
      const endpoint = await endpointById(ctx.db, endpointId);
      if (!endpoint || endpoint.enabled) return;
      const what = endpoint.kind === "chat" ? "chat notices" : "webhook";
      const mails = await ownerMails(ctx, () => ({
        subject: `Your ${what} to ${new URL(endpoint.url).host} was turned off`,
        heading: `A ${what} endpoint was turned off`,
        paragraphs: [
          `${webhookMessages.disabledAfterFailures} Events are no longer sent to ${endpoint.url}.`,
          "Once the receiver works again, turn the endpoint on in Integrations; what happens from then on is sent again, and any delivery in its list can be sent again with Resend.",
        ],
        details: [
          ["Endpoint", endpoint.url],
          ["Failing since", endpoint.failingSince ? formatDate(endpoint.failingSince) : "—"],
        ],
        action: { label: "Open Integrations", url: `${ctx.brand.publicUrl}/dashboard/admin/integrations` },
      }));
      await queueMails(ctx.db, job.id, mails);
    },
  };
}
