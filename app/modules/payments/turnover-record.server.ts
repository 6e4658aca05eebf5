// The player's turnover record (/turnover-record and the API): each requirement with the deposit's method and the
// promotion's name beside it.
import { and, desc, eq } from "drizzle-orm";
import { db } from "#app/db/db.server.ts";
import { promotions } from "#app/modules/promotions/index.server.ts";
import { turnoverRequirements, type TurnoverRequirement, type TurnoverStatus, turnoverProgress } from "#app/modules/turnover/index.server.ts";
import { deposits, paymentMethods } from "./schema.ts";

export type TurnoverRow = TurnoverRequirement & {
  progress: number;
  methodName: string | null;
  promotionNameEn: string | null;
  promotionNameBn: string | null;
};

/** The player's requirements with the given status, newest first. */
export async function listTurnovers(playerId: number, status: TurnoverStatus): Promise<TurnoverRow[]> {
  const rows = await db
    .select({
      requirement: turnoverRequirements,
      methodName: paymentMethods.name,
      promotionNameEn: promotions.nameEn,
      promotionNameBn: promotions.nameBn,
    })
    .from(turnoverRequirements)
    .leftJoin(deposits, eq(deposits.id, turnoverRequirements.depositId))
    .leftJoin(paymentMethods, eq(paymentMethods.id, deposits.methodId))
    .leftJoin(promotions, eq(promotions.id, turnoverRequirements.promotionId))
    .where(and(eq(turnoverRequirements.playerId, playerId), eq(turnoverRequirements.status, status)))
    .orderBy(desc(turnoverRequirements.id));
  return rows.map((r) => ({
    ...r.requirement,
    progress: turnoverProgress(r.requirement.required, r.requirement.remaining),
    methodName: r.methodName,
    promotionNameEn: r.promotionNameEn,
    promotionNameBn: r.promotionNameBn,
  }));
}
