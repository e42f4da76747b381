import Link from "next/link";

export default function NotFound() {
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">Page not found</h1>
      <p className="mt-2 text-[var(--muted-fg)]">The page you asked for does not exist or has moved.</p>
      <Link href="/products" className="mt-6 inline-block rounded-lg bg-brand px-5 py-2.5 font-semibold text-white">
        Browse products
      </Link>
    </div>
  );
}
