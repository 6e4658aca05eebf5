export function loader() { return Response.json({ todo: true }, { status: 501 }); }
