import { type ColumnDef, flexRender, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import styles from './DataTable.module.css';

export type { ColumnDef } from '@tanstack/react-table';

interface DataTableProps<Row> {
  /** Names the table for assistive technology (shown as its caption). */
  caption: string;
  // biome-ignore lint/suspicious/noExplicitAny: columns hold values of mixed types (TanStack Table's own pattern)
  columns: ColumnDef<Row, any>[];
  rows: Row[];
  /** A stable id per row (React key). */
  rowId: (row: Row) => string;
  /** What an empty table says. */
  empty?: ReactNode;
  /** Paging: the page shown (0-based), whether another follows, and where to go. */
  page?: { index: number; more: boolean; onChange: (index: number) => void };
  busy?: boolean;
}

/** A column's header as the label a narrow screen shows beside each of its cells. */
const headerText = (header: unknown) => (typeof header === 'string' ? header : undefined);

/**
 * The console's dense table (TanStack Table): a captioned, horizontally scrollable region that
 * takes keyboard focus, and Previous / Next paging of the server's pages (`ConsolePage`: a page of
 * rows and whether more follow). On a phone each row is a card of its cells, each under its
 * column's name (DataTable.module.css), instead of a table wider than the screen.
 */
export function DataTable<Row>({ caption, columns, rows, rowId, empty, page, busy }: DataTableProps<Row>) {
  const table = useReactTable({ data: rows, columns, getCoreRowModel: getCoreRowModel(), getRowId: rowId });
  return (
    <div className={styles.frame}>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (axe scrollable-region-focusable) */}
      <section className={styles.scroll} tabIndex={0} aria-label={caption} aria-busy={busy || undefined}>
        <table className={styles.table}>
          <caption className={styles.caption}>{caption}</caption>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => (
                  <th key={header.id} scope="col">
                    {header.isPlaceholder ? null : flexRender(header.column.columnDef.header, header.getContext())}
                  </th>
                ))}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.map((row) => (
              <tr key={row.id}>
                {row.getVisibleCells().map((cell) => (
                  <td key={cell.id} data-label={headerText(cell.column.columnDef.header)}>
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
              </tr>
            ))}
            {rows.length === 0 && !busy && (
              <tr>
                <td colSpan={columns.length} className={styles.empty}>
                  {empty ?? 'Nothing here.'}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </section>
      {page && (page.index > 0 || page.more) && (
        <nav className={styles.pager} aria-label={`${caption}: pages`}>
          <button type="button" disabled={page.index === 0 || busy} onClick={() => page.onChange(page.index - 1)}>
            Previous
          </button>
          <span>Page {page.index + 1}</span>
          <button type="button" disabled={!page.more || busy} onClick={() => page.onChange(page.index + 1)}>
            Next
          </button>
        </nav>
      )}
    </div>
  );
}
