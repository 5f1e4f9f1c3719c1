/** Demo content for a fresh installation: our own words, our own images (web/public/images). */

export const demoServices = [
  {
    title: "Marketing",
    image: "/images/services/marketing.svg",
    description:
      "Campaigns planned around your numbers: we pick the channels your customers use, set clear targets and report what every dollar of spend brought back.",
  },
  {
    title: "Strategy",
    image: "/images/services/strategy.svg",
    description:
      "A one-page plan you can act on: who you sell to, what makes you different and which three things to do this quarter to grow.",
  },
  {
    title: "UX Design",
    image: "/images/services/ux-design.svg",
    description:
      "Pages people understand at a glance. We test with real visitors, remove friction from sign-up and checkout, and ship designs your developers can build.",
  },
  {
    title: "SEO/SEM",
    image: "/images/services/seo-sem.svg",
    description:
      "Be found when it matters: technical fixes, content that answers real searches, and paid search that is tuned every week, not every quarter.",
  },
  {
    title: "Development",
    image: "/images/services/development.svg",
    description:
      "Fast, accessible websites and landing pages built on maintainable code, with analytics wired in from day one.",
  },
  {
    title: "Social Media",
    image: "/images/services/social-media.svg",
    description:
      "A steady voice on the networks your audience prefers: a content calendar, community replies within a day and monthly insight reports.",
  },
];

const featureNames = ["SEO", "Affiliate", "Apps", "24/7"];
const featureDetails = ["organic search", "marketing", "advertising", "Free support"];

type DemoPlan = {
  service: string;
  title: string;
  duration: "monthly" | "yearly";
  monthLabel: string;
  oldPriceCents: number;
  newPriceCents: number;
  highlighted: boolean;
  backgroundColor: string;
  color: string;
};

const look = {
  Standard: { backgroundColor: "#ffffff", color: "#1f2a44", highlighted: false },
  Premium: { backgroundColor: "#3b3bd4", color: "#ffffff", highlighted: true },
  Extended: { backgroundColor: "#ffffff", color: "#1f2a44", highlighted: false },
} as const;

const titles = {
  Standard: "For a business getting started online",
  Premium: "For a team ready to grow every channel",
  Extended: "For a brand adding reach to what works",
} as const;

function plan(
  service: keyof typeof look,
  duration: "monthly" | "yearly",
  oldDollars: number,
  newDollars: number,
): DemoPlan {
  return {
    service,
    title: titles[service],
    duration,
    monthLabel: duration === "monthly" ? "month" : "year",
    oldPriceCents: oldDollars * 100,
    newPriceCents: newDollars * 100,
    ...look[service],
  };
}

/** SPEC §2 Pricing: the fourth feature is ticked only on Premium, the third crossed on Standard. */
function featureIncluded(service: string): boolean[] {
  return [true, true, service !== "Standard", service === "Premium"];
}

export const demoPlans: (DemoPlan & {
  featureNames: string[];
  featureDetails: string[];
  featureIncluded: boolean[];
})[] = [
  plan("Standard", "monthly", 39, 19),
  plan("Premium", "monthly", 159, 99),
  plan("Extended", "monthly", 99, 79),
  plan("Standard", "yearly", 119, 99),
  plan("Premium", "yearly", 499, 299),
  plan("Extended", "yearly", 249, 199),
].map((p) => ({ ...p, featureNames, featureDetails, featureIncluded: featureIncluded(p.service) }));

export const demoReviews = [
  {
    name: "Amara Okafor",
    email: "amara@example.com",
    comment:
      "Our bakery's online orders doubled in four months. The team explained every report in plain words and never pushed us to spend more than we needed.",
  },
  {
    name: "Tomasz Wójcik",
    email: "tomasz@example.com",
    comment:
      "They rebuilt our booking page and the drop-offs simply stopped. Clear plan, weekly updates, no surprises on the invoice.",
  },
  {
    name: "Priya Raman",
    email: "priya@example.com",
    comment:
      "The SEO work took patience, but we now rank on the first page for the searches that bring us real customers. Worth every month.",
  },
  {
    name: "Jonas Berg",
    email: "jonas@example.com",
    comment:
      "Friendly, quick and honest about what would not work for us. Our social channels finally feel like one brand.",
  },
];

export const demoBlogs = [
  {
    title: "Five checks before you spend another dollar on ads",
    topic: "Marketing",
    slug: "five-checks-before-ads",
    blogLink: "https://www.example.com/blog/five-checks-before-ads",
    img: "/images/blogs/ads-checklist.svg",
  },
  {
    title: "What a good landing page does in its first five seconds",
    topic: "UX Design",
    slug: "landing-page-first-seconds",
    blogLink: "https://www.example.com/blog/landing-page-first-seconds",
    img: "/images/blogs/landing-page.svg",
  },
  {
    title: "Local SEO for small shops: a weekend plan",
    topic: "SEO",
    slug: "local-seo-weekend-plan",
    blogLink: "https://www.example.com/blog/local-seo-weekend-plan",
    img: "/images/blogs/local-seo.svg",
  },
  {
    // Hosted here, at /blogs/how-we-report-results: a post written in the blog editor.
    title: "How we report results, month by month",
    topic: "Reporting",
    slug: "how-we-report-results",
    description: "What a monthly report from us holds, and how to read it in five minutes.",
    body: [
      "Every month you get one report, on the first working day, and it answers one question first:",
      "**what did the money bring back?**",
      "",
      "## What is in it",
      "",
      "- Spend and results per channel, beside the month before and the same month last year.",
      "- The three changes we made, and what each one did.",
      "- What we plan for the coming month, and what we need from you.",
      "",
      "## How to read it in five minutes",
      "",
      "Start with the summary at the top: one line per channel, green when it beat its target.",
      "Then read the plan. If something there surprises you, reply to the report; we answer within a working day.",
    ].join("\n"),
    img: "/images/blogs/landing-page.svg",
  },
];
