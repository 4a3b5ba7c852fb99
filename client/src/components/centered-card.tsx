import type { ReactNode } from 'react';
import { PRODUCT_NAME } from '../../../shared/limits';

/** The centred card that frames the signed-out pages and the pages a visitor opens from a mail. */
export function CenteredCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="min-h-screen grid place-items-center bg-base-200 p-4">
      <div className="w-full max-w-md">
        <p className="mb-4 text-center text-3xl font-black tracking-tight text-primary">{PRODUCT_NAME}</p>
        <section className="card bg-base-100 shadow-xl">
          <div className="card-body">
            <h1 className="card-title text-2xl">{title}</h1>
            {children}
          </div>
        </section>
      </div>
    </main>
  );
}
