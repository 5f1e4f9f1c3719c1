import { z } from "zod";
import { ShopMoneyShown } from "./currency.js";

/**
 * The page texts the owner edits in the dashboard: the landing page's hero and campaign sections
 * and the about page. These are the values a new shop starts with; what the owner saves replaces
 * them at once, without a rebuild.
 */
export const defaultPageTexts = {
  hero: {
    heading: "Grow your brand with a team that measures every click",
    lead: "Search, social and content campaigns planned around your goals, with a clear report of what every dollar brought back.",
    callToAction: "See pricing plans",
    image: "/images/hero.svg",
  },
  campaigns: [
    {
      eyebrow: "Campaigns",
      heading: "Campaigns that pay for themselves",
      body: "Every campaign starts from a number you care about, such as leads, sales or bookings. We test small, keep what works and move the budget to it every week.",
      points: ["Clear targets before the first ad", "Weekly budget moves", "No long contracts"],
      image: "/images/campaigns/campaigns.svg",
      imageAlt: "A campaign dashboard with rising results",
    },
    {
      eyebrow: "Reports",
      heading: "Reports you can read in two minutes",
      body: "One page a month: what we did, what it brought back and what we do next. Your own dashboard is open every day, so you never wait for the numbers.",
      points: ["Plain-language monthly report", "Live dashboard access", "A named strategist to call"],
      image: "/images/campaigns/reports.svg",
      imageAlt: "A one-page report with a chart and three notes",
    },
  ],
  about: {
    heading: "About us",
    lead: "We are a small team of marketers, designers and developers who grow businesses with work they can measure.",
    image: "/images/about.svg",
    imageAlt: "A whiteboard with a campaign plan and sticky notes",
    story: [
      "{name} started as two people helping the shops on their street get found online. Word travelled, and today we are a small, senior team of strategists, designers, developers and writers.",
      "We still work the way we began: one team that knows your business, a plan with numbers in it, and honest reports on what every campaign brought back. Most of our clients came to us through another client, and most of them stay for years.",
    ],
    values: [
      {
        title: "Measure first",
        body: "We agree on the numbers that matter before we spend a dollar, and we show you those numbers every month.",
      },
      {
        title: "Say it plainly",
        body: "No jargon in our reports and no surprises on our invoices. If something is not working, you hear it from us first.",
      },
      {
        title: "Build to last",
        body: "Pages, campaigns and content that keep working after the launch, on accounts and tools that stay yours.",
      },
    ],
    numbers: [
      { value: "120+", label: "businesses helped to grow" },
      { value: "9", label: "years of campaigns behind us" },
      { value: "24 h", label: "longest wait for an answer" },
    ],
  },
};

const line = (max: number) =>
  z
    .string()
    .trim()
    .min(1, { error: "must not be empty" })
    .max(max, { error: `must be at most ${max} characters` });
/** An image: a path on this site (an uploaded image's address, or one under web/public) or a web address. */
export const ImageRef = z
  .string()
  .trim()
  .max(2048)
  .refine((value) => /^(https?:\/\/[^\s]+|\/[^\s/][^\s]*)$/i.test(value), {
    error: "must be a web address or a path on this site starting with /",
  });

export const CampaignText = z
  .object({
    eyebrow: line(40),
    heading: line(120),
    body: line(600),
    points: z.array(line(80)).min(1).max(5),
    image: ImageRef,
    imageAlt: line(200),
  })
  .strict();

export const PageTexts = z
  .object({
    hero: z.object({ heading: line(160), lead: line(400), callToAction: line(40), image: ImageRef }).strict(),
    campaigns: z.array(CampaignText).length(2),
    about: z
      .object({
        heading: line(80),
        lead: line(400),
        image: ImageRef,
        imageAlt: line(200),
        /** Paragraphs; `{name}` stands for the shop's name. */
        story: z.array(line(1200)).min(1).max(6),
        values: z
          .array(z.object({ title: line(60), body: line(400) }).strict())
          .min(1)
          .max(6),
        numbers: z.array(z.object({ value: line(12), label: line(80) }).strict()).max(6),
      })
      .strict(),
  })
  .strict()
  .meta({ id: "PageTexts" });
export type PageTexts = z.infer<typeof PageTexts>;

const text = z.string().trim().min(1, { error: "must not be empty" });
/**
 * The site identity as the dashboard saves it: every field given (the first-start values come
 * from site.config.json; see SiteConfig).
 */
export const SiteIdentity = z
  .object({
    name: line(80),
    tagline: line(200),
    logo: ImageRef,
    address: z.object({ street: line(120), city: line(80), postcode: line(20), country: line(80) }).strict(),
    phones: z.array(line(40)).min(1).max(4),
    email: z.email({ error: "must be an e-mail address" }),
    map: z.object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) }).strict(),
    social: z
      .array(
        z
          .object({
            label: text.max(40),
            href: z.url({
              protocol: /^https?$/,
              error: "must be a web address starting with http:// or https://",
            }),
          })
          .strict(),
      )
      .max(8),
  })
  .strict()
  .meta({ id: "SiteIdentity" });
export type SiteIdentity = z.infer<typeof SiteIdentity>;

/**
 * What the public pages show: the identity and the page texts, each the saved one or its default,
 * and the currency and locale the shop writes its prices in.
 */
export const SiteContent = z
  .object({ site: SiteIdentity, texts: PageTexts, money: ShopMoneyShown })
  .meta({ id: "SiteContent" });
export type SiteContent = z.infer<typeof SiteContent>;

/** Fill `{name}` in a page text with the shop's name. */
export function withShopName(text: string, name: string): string {
  return text.replaceAll("{name}", name);
}

// ─── Images ───────────────────────────────────────────────────────────────────────────────────

/** What an uploaded image is for, and so the sizes it is cut to. */
export const ImageKind = z.enum(["card", "section", "logo"]);
export type ImageKind = z.infer<typeof ImageKind>;

/** The sizes the pages show each kind at (CSS pixels); a 2x copy is made for sharp screens. */
export const imageSizes: Record<ImageKind, { width: number; height: number; fit: "cover" | "inside" }> = {
  card: { width: 640, height: 360, fit: "cover" },
  section: { width: 560, height: 420, fit: "inside" },
  logo: { width: 256, height: 64, fit: "inside" },
};

export const ImageQuery = z.object({ kind: ImageKind.default("card") });

export const UploadedImage = z
  .object({
    /** The 1x image's address: content-addressed, served with a year-long cache. */
    url: z.string(),
    /** The 2x copy, for `srcset`. */
    url2x: z.string(),
    width: z.number().int(),
    height: z.number().int(),
  })
  .meta({ id: "UploadedImage" });
export type UploadedImage = z.infer<typeof UploadedImage>;

export const ImageParams = z.object({ name: z.string() });

export const contentMessages = {
  notAnImage: "The file is not an image. Upload a JPEG, PNG, WebP, GIF or AVIF picture.",
  imageTooLarge: (bytes: number) =>
    `The image is too large. The limit is ${bytes >= 1024 * 1024 ? `${Math.floor(bytes / (1024 * 1024))} MB` : `${Math.ceil(bytes / 1024)} KB`}.`,
  tooManyPixels: "The image has too many pixels. Upload one under 40 megapixels.",
  noImage: "Choose an image to upload.",
} as const;
