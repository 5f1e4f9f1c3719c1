import { eq } from "drizzle-orm";
import type { Database } from "./client.js";
import { appState, blogs, pricingPlans, reviews, services } from "./schema.js";
import { demoBlogs, demoPlans, demoReviews, demoServices } from "./seed-content.js";

const SEEDED_KEY = "demo_content_seeded";

/**
 * Seeds the demo catalog once per database. The marker row, not the emptiness of the tables,
 * decides: an admin who deletes every demo review must not see them come back on restart.
 */
export async function seedDemoContent(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(appState)
      .values({ key: SEEDED_KEY, value: new Date().toISOString() })
      .onConflictDoNothing()
      .returning({ key: appState.key });
    if (inserted.length === 0) return false;

    await tx.insert(services).values(demoServices.map((service, position) => ({ ...service, position })));
    await tx.insert(pricingPlans).values(demoPlans.map((plan, position) => ({ ...plan, position })));
    // Spread creation times so the newest-first order is stable and meaningful.
    const now = Date.now();
    await tx
      .insert(reviews)
      .values(demoReviews.map((review, index) => ({ ...review, createdAt: new Date(now - index * 60_000) })));
    await tx
      .insert(blogs)
      .values(demoBlogs.map((blog, index) => ({ ...blog, createdAt: new Date(now - index * 60_000) })));
    return true;
  });
}

export async function isSeeded(db: Database): Promise<boolean> {
  const rows = await db.select().from(appState).where(eq(appState.key, SEEDED_KEY));
  return rows.length > 0;
}
