import { http, HttpResponse } from "msw";

export const SMS_GATEWAY_URL = "https://sms-gateway.test/send";
export const sentSms: Array<{ to: string; message: string; auth: string | null }> = [];

export const smsGatewayHandlers = [
  http.post(SMS_GATEWAY_URL, async ({ request }) => {
    const body = (await request.json()) as { to: string; message: string };
    if (!body.to?.startsWith("+")) return HttpResponse.json({ error: "bad number" }, { status: 422 });
    sentSms.push({ ...body, auth: request.headers.get("authorization") });
    return HttpResponse.json({ id: sentSms.length, status: "queued" });
  }),
];
