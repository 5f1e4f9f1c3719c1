import { z } from "zod";
import { Dollars } from "./common.js";

/**
 * What happens to a paid order (an unpaid one has no state: it is the spec's unpaid order).
 * `submitted`: paid, the agency has not started (the brief is asked for); `in_progress`: the agency
 * works on it; `delivered`: the agency delivered and waits for the customer's approval;
 * `complete`: the customer approved; `cancelled`: the agency cancelled it (maybe with a refund).
 */
export const OrderState = z.enum(["submitted", "in_progress", "delivered", "complete", "cancelled"]);
export type OrderState = z.infer<typeof OrderState>;

/** How each state is written on the screens. */
export const orderStateLabels: Record<OrderState, string> = {
  submitted: "Submitted",
  in_progress: "In progress",
  delivered: "Delivered",
  complete: "Complete",
  cancelled: "Cancelled",
};

/** The moves an admin may make with POST /admin/orders/{id}/state (cancelling has its own call). */
export const adminTransitions: Record<OrderState, OrderState[]> = {
  submitted: ["in_progress"],
  in_progress: ["delivered"],
  delivered: ["in_progress"],
  complete: [],
  cancelled: [],
};

/** States an admin may still cancel from (everything before complete). */
export const cancellableStates: OrderState[] = ["submitted", "in_progress", "delivered"];

export const ParticipantRole = z.enum(["customer", "admin"]);
export type ParticipantRole = z.infer<typeof ParticipantRole>;

/** Who wrote a message or changed a state: their name then, and whether they were the customer or the agency. */
export const Participant = z.object({ name: z.string(), role: ParticipantRole });
export type Participant = z.infer<typeof Participant>;

// ─── Files ──────────────────────────────────────────────────────────────────────────────────────

/** The content types a file may have (images, PDF, office documents, zip archives, text). */
export const uploadContentTypes = [
  "image/png",
  "image/jpeg",
  "image/gif",
  "image/webp",
  "application/pdf",
  "application/msword",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  "application/vnd.ms-excel",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  "application/vnd.ms-powerpoint",
  "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  "application/vnd.oasis.opendocument.text",
  "application/vnd.oasis.opendocument.spreadsheet",
  "application/vnd.oasis.opendocument.presentation",
  "application/zip",
  "text/plain",
  "text/csv",
] as const;

/**
 * A stored file. `url` is the authorised download (the order's customer and admins only; a file
 * on an internal note, admins only), answered as an attachment.
 */
export const FileMeta = z
  .object({
    _id: z.string(),
    name: z.string(),
    /** Bytes. */
    size: z.number().int().positive(),
    contentType: z.string(),
    createdAt: z.string(),
    url: z.string(),
  })
  .meta({ id: "FileMeta" });
export type FileMeta = z.infer<typeof FileMeta>;

/** At most this many files go with one message or delivery. */
export const maxFilesPerPost = 10;
/** Files uploaded with POST /order/{id}/files, then named by a message or a delivery. */
export const FileIds = z.array(z.string().max(100)).max(maxFilesPerPost).default([]);

// ─── Brief ──────────────────────────────────────────────────────────────────────────────────────

export const BriefQuestionKind = z.enum(["text", "url", "textarea"]);
export type BriefQuestionKind = z.infer<typeof BriefQuestionKind>;

export const BriefQuestion = z
  .object({
    _id: z.string(),
    label: z.string(),
    kind: BriefQuestionKind,
    required: z.boolean(),
  })
  .meta({ id: "BriefQuestion" });
export type BriefQuestion = z.infer<typeof BriefQuestion>;
export const BriefQuestionList = z.array(BriefQuestion);

/** Admin: a plan's questions, in order. A question without `_id` is new; one left out is removed. */
export const UpdateBriefQuestionsBody = z.object({
  questions: z
    .array(
      z.object({
        _id: z.string().max(100).optional(),
        label: z.string().trim().min(1).max(200),
        kind: BriefQuestionKind,
        required: z.boolean(),
      }),
    )
    .max(30),
});
export type UpdateBriefQuestionsBody = z.infer<typeof UpdateBriefQuestionsBody>;

/** An answer keeps the question's label as it was asked, so later edits leave it readable. */
export const BriefAnswer = z.object({ questionId: z.string(), label: z.string(), value: z.string() });
export type BriefAnswer = z.infer<typeof BriefAnswer>;

/**
 * The order's brief: the plan's questions, and the customer's answers once given. After a renewal
 * the answers are carried over from the period before (`carriedOver`) until the customer confirms
 * them or edits them for the current period (`confirmedAt`).
 */
export const Brief = z
  .object({
    questions: BriefQuestionList,
    answers: z.array(BriefAnswer).nullable(),
    submittedAt: z.string().nullable(),
    carriedOver: z.boolean(),
    confirmedAt: z.string().nullable(),
  })
  .meta({ id: "Brief" });
export type Brief = z.infer<typeof Brief>;

export const maxBriefAnswerLength = 5000;
/** Question id → answer. Checked against the plan's questions (required ones, URLs). */
export const SubmitBriefBody = z.object({
  answers: z.record(z.string().max(100), z.string().trim().max(maxBriefAnswerLength)),
});
export type SubmitBriefBody = z.infer<typeof SubmitBriefBody>;

// ─── Messages ───────────────────────────────────────────────────────────────────────────────────

/**
 * One message on an order's thread. `body` is plain text as written (never HTML): the screens
 * escape it and make links clickable. `internal` notes are admins' only and never reach customers.
 */
export const Message = z
  .object({
    _id: z.string(),
    author: Participant,
    body: z.string(),
    internal: z.boolean(),
    /** The order's work period it was written in. */
    period: z.number().int().positive(),
    createdAt: z.string(),
    files: z.array(FileMeta),
  })
  .meta({ id: "Message" });
export type Message = z.infer<typeof Message>;

/** Oldest first (newest at the bottom). Reading the thread marks it read for the caller. */
export const MessageList = z.object({ messages: z.array(Message) });
export type MessageList = z.infer<typeof MessageList>;

export const maxMessageLength = 10_000;
export const PostMessageBody = z
  .object({
    body: z.string().trim().max(maxMessageLength).default(""),
    /** Admins only: a note the customer never sees. */
    internal: z.boolean().default(false),
    fileIds: FileIds,
  })
  .refine((message) => message.body.length > 0 || message.fileIds.length > 0, {
    message: "write a message or attach a file",
    path: ["body"],
  });
export type PostMessageBody = z.input<typeof PostMessageBody>;

/** Messages the caller has not read yet, per order (others' messages after the caller last read). */
export const UnreadCounts = z
  .object({
    total: z.number().int().nonnegative(),
    orders: z.array(z.object({ orderId: z.string(), unread: z.number().int().positive() })),
  })
  .meta({ id: "UnreadCounts" });
export type UnreadCounts = z.infer<typeof UnreadCounts>;

// ─── History, refunds, changes ──────────────────────────────────────────────────────────────────

/** One change of state: from (null when the payment submitted the order), to, who, when, why. */
export const OrderHistoryEntry = z
  .object({
    from: OrderState.nullable(),
    state: OrderState,
    at: z.string(),
    by: Participant,
    note: z.string().nullable(),
    /** The delivered files, on a move to delivered. */
    files: z.array(FileMeta),
    /** The order's work period the change belongs to (a renewal opens the next one). */
    period: z.number().int().positive(),
  })
  .meta({ id: "OrderHistoryEntry" });
export type OrderHistoryEntry = z.infer<typeof OrderHistoryEntry>;

/** Money given back: a negative payment with its own credit note, and why it was given. */
export const Refund = z.object({
  paymentId: z.string(),
  /** The payment it gives money back of. */
  refundOf: z.string(),
  amount: Dollars,
  refundedAt: z.string(),
  /** The admin's reason (null for a refund recorded before reasons were asked for). */
  reason: z.string().nullable(),
  /** The credit note (GET /receipts/{id}). */
  receiptId: z.string().nullable(),
});
export type Refund = z.infer<typeof Refund>;

export const maxNoteLength = 2000;
const Note = z.string().trim().max(maxNoteLength).optional();

/** Admin: move an order on (see `adminTransitions`); files go with a delivery. */
export const ChangeOrderStateBody = z.object({
  state: z.enum(["in_progress", "delivered"]),
  note: Note,
  fileIds: FileIds,
});
export type ChangeOrderStateBody = z.input<typeof ChangeOrderStateBody>;

/** Admin: cancel an order before it is complete, optionally refunding what it was paid. */
export const CancelOrderBody = z.object({ refund: z.boolean().default(false), note: Note });
export type CancelOrderBody = z.input<typeof CancelOrderBody>;

/** Customer: what should change, when sending a delivery back. */
export const RequestChangesBody = z.object({ note: z.string().trim().min(1).max(maxNoteLength) });
export type RequestChangesBody = z.infer<typeof RequestChangesBody>;

export const workflowMessages = {
  notPaid: "This order is not paid yet.",
  briefClosed: "The brief can only be changed before the work starts.",
  noBriefToConfirm: "There is no brief to confirm yet: please answer it.",
  notAllowed: "This order cannot move to that state now.",
  notDelivered: "This order has not been delivered.",
  notCancellable: "This order can no longer be cancelled.",
  notRefundable: "This order has no payment to refund.",
  internalForAdmins: "Only the agency can write internal notes.",
  fileNotAvailable: "A file named here is not one of yours on this order.",
  emptyFile: "The file is empty.",
  fileTooLarge: "The file is too large.",
  fileType: "Files of this type cannot be uploaded.",
  fileName: "The file name must not contain path parts or control characters.",
  noFile: "Choose a file to upload.",
} as const;
