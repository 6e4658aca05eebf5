// A second app instance for the upload-store tests on PostgreSQL: its own process and its own DATA_DIR, the same
// database. Submits a deposit with a proof screenshot through the real deposit code, prints
// {"depositId", "proofFile"} and exits.
// Run: node tests/support/upload-instance.ts '{"playerId":1,"methodId":2,"walletNumberId":3,"proof":"<base64>"}'
// (DATABASE_URL and DATA_DIR set).
import { randomBytes } from "node:crypto";
import { database } from "#app/db/db.server.ts";
import { submitDeposit } from "#app/modules/payments/deposits.server.ts";

const args = JSON.parse(process.argv[2] ?? "{}") as { playerId: number; methodId: number; walletNumberId: number; proof: string };
try {
  const { deposit } = await submitDeposit(args.playerId, {
    methodId: args.methodId,
    channelType: "Agent",
    walletNumberId: args.walletNumberId,
    amount: "1000",
    senderNumber: "01712345678",
    trxId: `TRX${randomBytes(12).toString("hex")}`.toUpperCase(),
    promotionId: null,
    proof: { bytes: new Uint8Array(Buffer.from(args.proof, "base64")), declaredName: "shot.png" },
    idempotencyKey: `k-${randomBytes(8).toString("hex")}`,
  });
  console.log(JSON.stringify({ depositId: deposit.id, proofFile: deposit.proofFile }));
} finally {
  await database.close();
}
