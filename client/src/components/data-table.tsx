import type { ReactNode } from 'react';

export interface Column {
  label: string;
  /** Numbers align right. */
  numeric?: boolean;
}

/** A table's header row. */
export function TableHead({ columns }: { columns: Column[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column) => (
          <th key={column.label} scope="col" className={column.numeric ? 'text-right' : undefined}>
            {column.label}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** A chart's figures as a table folded under 'Show as table': what the chart shows, for screen readers and for reading exact values. */
export function ChartTable({ caption, columns, children }: { caption: string; columns: Column[]; children: ReactNode }) {
  return (
    <details className="rounded-box border border-base-300">
      <summary className="cursor-pointer p-2 font-medium">Show as table</summary>
      <div className="overflow-x-auto">
        <table className="table table-sm">
          <caption className="p-2 text-left text-sm text-base-content/70">{caption}</caption>
          <TableHead columns={columns} />
          <tbody>{children}</tbody>
        </table>
      </div>
    </details>
  );
}
