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

/** Time on orders: the order page's panel and the timer on every page of the dashboard. */
export const timeTexts = {
  heading: "Time",
  start: "Start timer",
  stop: "Stop timer",
  runningHere: (since: string) => `Your timer is running since ${since}.`,
  runningBand: (order: string, elapsed: string) => `Timer running on order ${order}: ${elapsed}`,
  openOrder: "Open the order",
  started: "The timer is running.",
  stopped: (duration: string) => `Stopped: ${duration} logged.`,
  total: (duration: string) => `Logged: ${duration}`,
  billable: (duration: string) => `billable: ${duration}`,
  byMember: "Per member",
  clientHeading: "Hours spent",
  against: (spent: string, expected: string) => `${spent} of ${expected} expected`,
  period: (start: string, spent: string) => `Period from ${start}: ${spent}`,
  perPeriod: "Per period",
  entries: "Time entries",
  exportAll: "Export every order's time you can see (CSV)",
  none: "No time is logged on this order yet.",
  add: {
    heading: "Add time",
    day: "Day",
    hours: "Hours",
    minutes: "Minutes",
    note: "Note",
    billable: "Billable",
    submit: "Add time",
    done: (duration: string) => `${duration} added.`,
    noDuration: "Enter the hours or minutes spent.",
  },
  columns: {
    day: "Day",
    member: "Member",
    duration: "Duration",
    note: "Note",
    billable: "Billable",
    actions: "Actions",
  },
  running: "running",
  yes: "Yes",
  no: "No",
  edit: "Edit",
  save: "Save",
  cancel: "Cancel",
  delete: "Delete",
  deleteConfirm: "Delete this time entry?",
  saved: "The time entry is saved.",
  deleted: "The time entry is deleted.",
  failed: "The order's time could not be loaded.",
} as const;

/** The Workload page. */
export const workloadPage = {
  menu: "Workload",
  title: "Workload",
  heading: "Workload",
  lead: (week: string) =>
    `The week from ${week}: each member's open orders, the hours due this week (their plans' expected hours) against their capacity, and the hours logged. Open a member's board from their name.`,
  failed: "The workload could not be loaded.",
  columns: {
    member: "Member",
    open: "Open orders",
    due: "Due this week",
    logged: "Logged this week",
    capacity: "Capacity (hours a week)",
    rate: "Hourly rate",
  },
  rateLabel: (name: string) => `Hourly rate of ${name}`,
  rateSaved: (name: string) => `${name}'s hourly rate is saved.`,
  overdue: (count: number) => `${count} overdue`,
  overloaded: "Overloaded",
  against: (due: string, capacity: string) => `${due} of ${capacity}`,
  capacityLabel: (name: string) => `Hours a week for ${name}`,
  save: "Save",
  saved: (name: string) => `${name}'s capacity is saved.`,
  openBoard: (name: string) => `Open ${name}'s board`,
} as const;

/** A company's billable time not billed yet, turned into a draft invoice. */
export const unbilledTimeTexts = {
  heading: "Unbilled time",
  lead: "Billable time on this company's orders that no invoice has billed yet, at each member's hourly rate.",
  none: "No billable time is waiting to be billed.",
  entries: "Unbilled time entries",
  choose: (entry: string) => `Bill ${entry}`,
  chooseAll: "Bill every entry",
  columns: {
    day: "Day",
    order: "Order",
    member: "Member",
    duration: "Duration",
    note: "Note",
    amount: "Amount",
  },
  noRate: "no rate",
  grouping: "Invoice lines",
  perEntry: "One line per entry",
  perMember: "One line per member",
  total: (amount: string) => `Chosen: ${amount}`,
  submit: "Make a draft invoice",
  made: "A draft invoice is ready to check and send.",
  failed: "The unbilled time could not be loaded.",
} as const;

/** Reply templates: their page, and the thread's way to insert one. */
export const templatesPage = {
  menu: "Reply templates",
  title: "Reply templates",
  heading: "Reply templates",
  lead: "Messages the team reuses. Variables are filled in for the order when a template is inserted in its thread:",
  none: "No template yet.",
  name: "Name",
  body: "Text",
  add: "Save the template",
  added: "The template is saved.",
  edit: "Edit",
  save: "Save",
  cancel: "Cancel",
  delete: "Delete",
  deleteConfirm: (name: string) => `Delete the template "${name}"?`,
  deleted: "The template is deleted.",
  failed: "The templates could not be loaded.",
  insert: "Insert a template",
  choose: "Choose a template…",
} as const;
