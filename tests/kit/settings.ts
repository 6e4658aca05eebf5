// Test kit: the site's general settings row.
import { eq } from "drizzle-orm";
import { db } from "#app/db/db.server.ts";
import { generalSettings } from "#app/modules/settings/schema.ts";
import { contentChanged } from "#app/utils/ttl-cache.server.ts";

/** The general settings row with these money switches, created on first use. */
export async function createSite({ promotionWallet = true, depositTurnoverHundredths = 100, withdrawalStatus = true } = {}) {
  const [existing] = await db.select().from(generalSettings).limit(1);
  if (existing) {
    await db.update(generalSettings).set({ promotionWallet, depositTurnoverHundredths, withdrawalStatus }).where(eq(generalSettings.id, existing.id));
  } else {
    await db
      .insert(generalSettings)
      .values({ siteTitle: "Test", supportMail: "s@example.com", promotionWallet, depositTurnoverHundredths, withdrawalStatus });
  }
}

/** Changes the settings row and drops the cached copy, as a staff edit does. */
export async function setSettings(values: Partial<typeof generalSettings.$inferInsert>) {
  await db.update(generalSettings).set(values);
  contentChanged();
}
