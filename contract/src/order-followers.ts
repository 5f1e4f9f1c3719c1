import { z } from "zod";

/**
 * An order's followers: the client's people who get its mails. By default the one who ordered and
 * the company's Admins; any person of the company may follow it or stop following it.
 */
export const OrderFollowers = z.object({
  /** Whether the caller gets the order's mails. */
  following: z.boolean(),
  followers: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type OrderFollowers = z.infer<typeof OrderFollowers>;

export const FollowOrderBody = z.object({ follow: z.boolean() });
export type FollowOrderBody = z.infer<typeof FollowOrderBody>;

export const orderFollowerMessages = {
  clientsOnly: "Only the client's people follow an order's mails.",
} as const;
