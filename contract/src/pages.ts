import type { Blog, BlogPost } from "./blogs.js";
import type { PricingPlan, Review, Service } from "./catalog.js";
import type { SiteContent } from "./content.js";
import type { SiteSettings } from "./site.js";

/**
 * What the server hands the web app's page loaders when it renders a page: the public data, read
 * in the same process (through the catalog cache) rather than over HTTP. Each read answers exactly
 * what the matching public API call answers, so a page's first render and a later refetch agree.
 */
/**
 * The settings of GET /api/site that stay as they are while the server runs (its environment), so
 * they can go out with a page the server keeps: the map key and the social sign-in providers.
 */
export type PageSettings = Pick<SiteSettings, "googleMapsApiKey" | "socialSignIn">;

export type PageData = {
  /** The settings of GET /api/site that change only with a restart. */
  pageSettings(): Promise<PageSettings>;
  /** The site identity and page texts (GET /api/site/content). */
  siteContent(): Promise<SiteContent>;
  /** GET /api/services */
  services(): Promise<Service[]>;
  /** GET /api/pricing: every plan, monthly and yearly. */
  pricing(): Promise<PricingPlan[]>;
  /** GET /api/reviews: the public reviews. */
  reviews(): Promise<Review[]>;
  /** GET /api/blogs */
  blogs(): Promise<Blog[]>;
  /** GET /api/blogs/{slug}: a post hosted here, undefined when there is none. */
  blogPost(slug: string): Promise<BlogPost | undefined>;
};

/** The lead forms a page can post without JavaScript (SPEC §5): contact, query and newsletter. */
export type LeadFormName = "contact" | "query" | "newsletter";

/** What became of a lead form's post: stored, or refused with the reason to show and its status. */
export type LeadFormAnswer = { stored: true } | { stored: false; status: number; message: string };

/**
 * What the server hands the web app's route actions when a lead form is posted as a plain HTML
 * form: the same validation (the contract's schemas), rate limit and service as the JSON calls
 * (POST /api/leads/contact, /api/leads/query, /api/newsletter), one function per form.
 */
export type LeadForms = Record<LeadFormName, (values: Record<string, string>) => Promise<LeadFormAnswer>>;
