import { z } from "zod";

/** What the server says about a customer's own data: export, deletion and its confirmations. */
export const accountDataMessages = {
  passwordRequired: "Enter your password to delete your account.",
  wrongPassword: "That password is not correct.",
  deletionMailed: "We sent a link to confirm the deletion to your e-mail address.",
  deletionLinkInvalid: "That deletion link is invalid or has expired.",
  lastAdmin: "The last admin cannot delete their account. Make someone else an admin first.",
  ownerDelete: "The owner cannot delete their account. Hand ownership to another member of the team first.",
  activePlans: "Cancel your running plans before deleting your account.",
  deletedAccountAdmin: "A deleted account cannot be made an admin.",
} as const;

/** How a deleted account and the records kept for the books name the customer from then on. */
export const DELETED_CUSTOMER_NAME = "Deleted customer";
/** `.invalid` can never be delivered to (RFC 2606), so no mail reaches anyone through these. */
export const DELETED_EMAIL_DOMAIN = "deleted.invalid";

/** Whether an address is one a deleted (anonymised) account was given. */
export function isDeletedAccountEmail(email: string): boolean {
  return email.trim().toLowerCase().endsWith(`@${DELETED_EMAIL_DOMAIN}`);
}

/** Deleting one's own account: the password, when the account has one. */
export const DeleteAccountBody = z.object({ password: z.string().min(1).max(200).optional() });
export type DeleteAccountBody = z.infer<typeof DeleteAccountBody>;

/** The mailed confirmation for accounts without a password (social sign-in only). */
export const ConfirmAccountDeletionBody = z.object({ token: z.string().min(16).max(200) });
export type ConfirmAccountDeletionBody = z.infer<typeof ConfirmAccountDeletionBody>;

export const DeleteAccountResult = z.object({
  /** "deleted": done, the session is gone; "mailed": a confirmation link went to the address. */
  status: z.enum(["deleted", "mailed"]),
});
export type DeleteAccountResult = z.infer<typeof DeleteAccountResult>;

const ExportedFile = z.object({
  id: z.string(),
  name: z.string(),
  size: z.number().int(),
  contentType: z.string(),
  createdAt: z.string(),
  /** Where the file is inside the zip export. */
  path: z.string(),
});

/** Everything the shop keeps about the signed-in customer, as one JSON document. */
export const AccountExport = z
  .object({
    exportedAt: z.string(),
    profile: z.object({
      id: z.string(),
      name: z.string(),
      email: z.string(),
      emailVerified: z.boolean(),
      role: z.string().nullable(),
      createdAt: z.string(),
      lastLoginAt: z.string().nullable(),
    }),
    signInMethods: z.array(z.object({ provider: z.string(), createdAt: z.string() })),
    sessions: z.array(
      z.object({
        createdAt: z.string(),
        expiresAt: z.string(),
        ipAddress: z.string().nullable(),
        userAgent: z.string().nullable(),
      }),
    ),
    orders: z.array(
      z.object({
        _id: z.string(),
        number: z.number().int(),
        name: z.string(),
        email: z.string(),
        phone: z.string(),
        service: z.string(),
        serviceDuration: z.string(),
        price: z.number(),
        currency: z.string(),
        paid: z.boolean(),
        state: z.string().nullable(),
        createdAt: z.string(),
        paymentTime: z.string().nullable(),
        /** What the order was priced from: the plan or custom work, and each add-on. */
        lines: z.array(
          z.object({
            description: z.string(),
            quantity: z.number().int(),
            unitPrice: z.number(),
            amount: z.number(),
            recurring: z.boolean(),
          }),
        ),
        brief: z.array(z.object({ question: z.string(), answer: z.string() })).nullable(),
        history: z.array(
          z.object({
            from: z.string().nullable(),
            to: z.string(),
            by: z.string(),
            role: z.string(),
            note: z.string().nullable(),
            at: z.string(),
          }),
        ),
        messages: z.array(
          z.object({
            author: z.string(),
            role: z.string(),
            body: z.string(),
            at: z.string(),
            fileIds: z.array(z.string()),
          }),
        ),
        files: z.array(ExportedFile),
      }),
    ),
    payments: z.array(
      z.object({
        _id: z.string(),
        orderId: z.string().nullable(),
        email: z.string(),
        provider: z.string(),
        transactionId: z.string(),
        amount: z.number(),
        currency: z.string(),
        paymentTime: z.string(),
        refundOf: z.string().nullable(),
        refundReason: z.string().nullable(),
      }),
    ),
    /** Quotes and invoices sent to the account (each revision as it was sent; drafts are the agency's). */
    salesDocuments: z.array(
      z.object({
        kind: z.string(),
        number: z.string().nullable(),
        revision: z.number().int(),
        state: z.string(),
        name: z.string(),
        email: z.string(),
        note: z.string(),
        validUntil: z.string().nullable(),
        dueDate: z.string().nullable(),
        currency: z.string(),
        total: z.number(),
        lines: z.array(
          z.object({
            description: z.string(),
            quantity: z.number().int(),
            unitPrice: z.number(),
            recurring: z.string().nullable(),
          }),
        ),
        orderId: z.string().nullable(),
        sentAt: z.string().nullable(),
        acceptedAt: z.string().nullable(),
        declinedAt: z.string().nullable(),
        declineReason: z.string().nullable(),
        paidAt: z.string().nullable(),
        voidedAt: z.string().nullable(),
      }),
    ),
    receipts: z.array(
      z.object({
        number: z.string(),
        orderNumber: z.number().int().nullable(),
        customerName: z.string(),
        customerEmail: z.string(),
        amount: z.number(),
        currency: z.string(),
        paidAt: z.string(),
      }),
    ),
    subscriptions: z.array(
      z.object({
        orderId: z.string(),
        interval: z.string(),
        status: z.string(),
        currentPeriodStart: z.string(),
        currentPeriodEnd: z.string(),
      }),
    ),
    reviews: z.array(
      z.object({ _id: z.string(), name: z.string(), comment: z.string(), createdAt: z.string() }),
    ),
    leads: z.array(
      z.object({
        kind: z.string(),
        name: z.string().nullable(),
        email: z.string(),
        website: z.string().nullable(),
        message: z.string().nullable(),
        createdAt: z.string(),
      }),
    ),
    mail: z.object({ optionalMailOff: z.boolean() }),
  })
  .meta({ id: "AccountExport" });
export type AccountExport = z.infer<typeof AccountExport>;
