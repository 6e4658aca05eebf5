// One app server of the race payout test with two servers (app/modules/races/payout-instances.test.ts): on "go" it
// runs the payout job's pass `passes` times at once, as its timer and a restart would, and reports the periods it paid.
// Run: tsx tests/support/race-payout-instance.ts '{"passes":25}' (DATABASE_URL set).
import { runRacePayouts } from "#app/modules/races/payout.server.ts";
import { instanceInput, instanceReady, instanceResult } from "./instance-child.ts";

const { passes } = instanceInput<{ passes: number }>();
await instanceReady();
const runs = await Promise.all(Array.from({ length: passes }, () => runRacePayouts()));
instanceResult({ paid: runs.flat().map((p) => ({ raceId: p.raceId, periodStart: p.periodStart, winners: p.winners.length })) });
