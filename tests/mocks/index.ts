import { smsGatewayHandlers } from "./sms-gateway.ts";

export const handlers = [...smsGatewayHandlers];
