export default function Placeholder() { return <main>TODO</main>; }
