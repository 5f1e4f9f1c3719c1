// The API keys page: keys other systems call the documented API with (DESIGN "Beyond the spec" 18).

export const apiKeysPage = {
  menu: "API keys",
  heading: "API keys",
  lead: "Another system calls the shop's API with a key, as a member of the team with the key's role, and never more than the member who made it may do. It sends the key as Authorization: Bearer <key>.",
  docsLink: "API documentation (/api/docs)",
  loadFailed: "We couldn't load the API keys.",

  createHeading: "Make a key",
  name: "Name",
  nameHelp: "What uses it, e.g. Zapier or the reporting script.",
  role: "Role",
  roleHelp:
    "The key may do what this role may, as the role is now, as far as you may too. Only roles within your own permissions are offered.",
  expires: "Expires on (optional)",
  expiresHelp:
    "The key stops working at the end of this day (UTC). Leave empty for a key that does not expire.",
  create: "Make key",

  made: (name: string) => `The key ${name} is made.`,
  shownOnceTitle: (name: string) => `The key ${name}`,
  shownOnceText:
    "Copy the key now: this is the only time it is shown. The shop keeps only a fingerprint of it.",
  keyLabel: "API key",
  copy: "Copy",
  copied: "Copied",
  copyFailed: "Copying failed: select the key and copy it yourself.",
  done: "Done",
  close: "Close",

  listHeading: "Keys",
  none: "No API keys yet.",
  key: "Key",
  created: "Created",
  expiresColumn: "Expires",
  actions: "Actions",
  lastUsed: "Last used",
  never: "Never",
  noExpiry: "Never",
  state: "Status",
  states: {
    active: "Active",
    expired: "Expired",
    revoked: "Revoked",
    role_deleted: "Role deleted",
    maker_removed: "Maker removed",
    maker_suspended: "Maker suspended",
    maker_deleted: "Maker deleted",
  },
  deletedRole: "(deleted role)",
  createdBy: (name: string) => `by ${name}`,
  revoke: "Revoke",
  revokeQuestion: (name: string) => `Revoke the key ${name}?`,
  revokeText: "Every call with it is refused from now on. This cannot be undone.",
  revokedDone: (name: string) => `The key ${name} is revoked.`,
} as const;
