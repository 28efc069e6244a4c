import { useState, type MouseEvent } from 'react';
import {
  Pagination,
  PaginationContent,
  PaginationEllipsis,
  PaginationItem,
  PaginationLink,
  PaginationNext,
  PaginationPrevious,
  pageWindow,
} from '@/components/ui/pagination';
import { defineShowcase } from '../define';

export default defineShowcase({
  description: (
    <p>
      Links between pages of a long list in a <code>nav</code> labelled “Pagination”. The current page has{' '}
      <code>aria-current=&quot;page&quot;</code>; Previous / Next are disabled at the ends; long ranges collapse into an ellipsis.
    </p>
  ),
  builtOn: 'nav + ul + links',
  examples: [
    { id: 'Controlled', title: 'Controlled, with an ellipsis', render: Controlled },
    { id: 'Few', title: 'Few pages, first page', render: Few },
  ],
  keyboard: [
    { keys: 'Tab', action: 'Moves through the page links.' },
    { keys: 'Enter', action: 'Follows the link.' },
  ],
});

function Controlled() {
  const [page, setPage] = useState(6);
  const count = 12;
  const go = (p: number) => (e: MouseEvent) => {
    e.preventDefault();
    setPage(Math.min(count, Math.max(1, p)));
  };
  return (
    <div className="grid justify-items-center gap-2">
      <Pagination>
        <PaginationContent>
          <PaginationItem>
            <PaginationPrevious href={`?page=${page - 1}`} onClick={go(page - 1)} disabled={page === 1} />
          </PaginationItem>
          {pageWindow(page, count).map((p, i) =>
            p === null ? (
              <PaginationItem key={`gap-${i}`}>
                <PaginationEllipsis />
              </PaginationItem>
            ) : (
              <PaginationItem key={p}>
                <PaginationLink href={`?page=${p}`} isActive={p === page} onClick={go(p)}>
                  {p}
                </PaginationLink>
              </PaginationItem>
            ),
          )}
          <PaginationItem>
            <PaginationNext href={`?page=${page + 1}`} onClick={go(page + 1)} disabled={page === count} />
          </PaginationItem>
        </PaginationContent>
      </Pagination>
      <p className="text-sm text-muted-foreground" aria-live="polite">
        Page {page} of {count}
      </p>
    </div>
  );
}

function Few() {
  return (
    <Pagination>
      <PaginationContent>
        <PaginationItem>
          <PaginationPrevious disabled />
        </PaginationItem>
        <PaginationItem>
          <PaginationLink href="?page=1" isActive>
            1
          </PaginationLink>
        </PaginationItem>
        <PaginationItem>
          <PaginationLink href="?page=2">2</PaginationLink>
        </PaginationItem>
        <PaginationItem>
          <PaginationNext href="?page=2" />
        </PaginationItem>
      </PaginationContent>
    </Pagination>
  );
}
