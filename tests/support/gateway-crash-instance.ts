// An app instance that dies (SIGKILL, no clean-up) between the gateway's execute and our credit, for the gateway
// deposit tests on PostgreSQL: it takes the player's success callback, the simulated gateway executes the payment
// (the money has moved at the wallet), and the process is killed before the credit's transaction can run.
// Run: node tests/support/gateway-crash-instance.ts '<callback query string>' (DATABASE_URL set).
import { handleCallback } from "#app/modules/payments/gateway-deposits.server.ts";
import { overrideGateways } from "#app/modules/payments/gateway/registry.server.ts";
import { createSimulatedGateway } from "#app/modules/payments/gateway/simulated.server.ts";

const sim = createSimulatedGateway();
overrideGateways(() => ({
  ...sim,
  async executePayment(paymentId) {
    const paid = await sim.executePayment(paymentId);
    console.log(JSON.stringify({ executed: paid.status }));
    process.kill(process.pid, "SIGKILL");
    return paid;
  },
}));
await handleCallback(new URLSearchParams(process.argv[2] ?? ""));
console.log("credited: the process was not killed");
