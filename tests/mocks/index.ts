import { aggregatorHandlers } from "./aggregator.ts";
import { smsGatewayHandlers } from "./sms-gateway.ts";
import { sportsFeedHandlers } from "./sports-feed.ts";

export const handlers = [...smsGatewayHandlers, ...aggregatorHandlers, ...sportsFeedHandlers];
