// The team's day: where the dashboard opens, the menu's groups, and a new shop's setup checklist.

import type { SetupStep } from "@agency/contract";

/** The admin menu's groups, in order. */
export const menuGroups = {
  work: "Work",
  sales: "Sales",
  clients: "Clients",
  catalog: "Catalog and site",
  team: "Team and settings",
} as const;

export const setupChecklist = {
  heading: "Set up your shop",
  progress: (done: number, total: number) => `${done} of ${total} done`,
  dismiss: "Not now",
  dismissLabel: (step: string) => `Not now: ${step}`,
  failed: "The setup checklist could not be loaded.",
  steps: {
    brand: {
      title: "Your brand",
      text: "Name, logo, address and contacts, as the site and every mail show them.",
      action: "Open Site content",
    },
    currency: {
      title: "Your currency",
      text: "The currency the shop sells in and how amounts are written.",
      action: "Choose the currency",
    },
    catalog: {
      title: "Your catalog",
      text: "The services and plans customers can buy.",
      action: "Open the catalog",
    },
    payments: {
      title: "Card payments",
      text: "The shop runs in test mode: nobody is charged. Set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET to take real payments.",
      action: null,
    },
    mail: {
      title: "Mail",
      text: "Mail goes to the outbox folder, not to people. Set SMTP_URL to send it.",
      action: null,
    },
    team: {
      title: "Your team",
      text: "Invite the people who work on orders with you.",
      action: "Invite someone",
    },
  } satisfies Record<SetupStep, { title: string; text: string; action: string | null }>,
} as const;
