import { aggregatorHandlers } from "./aggregator.ts";
import { smsGatewayHandlers } from "./sms-gateway.ts";

export const handlers = [...smsGatewayHandlers, ...aggregatorHandlers];
