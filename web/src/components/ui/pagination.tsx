import { ChevronLeftIcon, ChevronRightIcon, MoreHorizontalIcon } from 'lucide-react';
import type * as React from 'react';
import { cn } from '@/lib/utils';
import { buttonVariants, type ButtonProps } from './button';

export function Pagination({ className, ...props }: React.ComponentProps<'nav'>) {
  return <nav aria-label="Pagination" data-slot="pagination" className={cn('mx-auto flex w-full justify-center', className)} {...props} />;
}

export function PaginationContent({ className, ...props }: React.ComponentProps<'ul'>) {
  return <ul data-slot="pagination-content" className={cn('flex flex-row items-center gap-1', className)} {...props} />;
}

export function PaginationItem(props: React.ComponentProps<'li'>) {
  return <li data-slot="pagination-item" {...props} />;
}

type PaginationLinkProps = { isActive?: boolean; disabled?: boolean } & Pick<ButtonProps, 'size'> & React.ComponentProps<'a'>;

/** A page link; the current page has aria-current="page"; a disabled link has no href and aria-disabled. */
export function PaginationLink({ className, isActive, disabled, size = 'icon', href, ...props }: PaginationLinkProps) {
  return (
    <a
      aria-current={isActive ? 'page' : undefined}
      aria-disabled={disabled || undefined}
      href={disabled ? undefined : href}
      data-slot="pagination-link"
      data-active={isActive}
      className={cn(
        buttonVariants({ variant: isActive ? 'outline' : 'ghost', size }),
        'aria-disabled:pointer-events-none aria-disabled:opacity-50',
        className,
      )}
      {...props}
    />
  );
}

export function PaginationPrevious({ className, children = 'Previous', ...props }: React.ComponentProps<typeof PaginationLink>) {
  return (
    <PaginationLink aria-label="Go to previous page" size="default" className={cn('gap-1 px-2.5 sm:ps-2.5', className)} {...props}>
      <ChevronLeftIcon aria-hidden className="rtl:rotate-180" />
      <span className="hidden sm:block">{children}</span>
    </PaginationLink>
  );
}

export function PaginationNext({ className, children = 'Next', ...props }: React.ComponentProps<typeof PaginationLink>) {
  return (
    <PaginationLink aria-label="Go to next page" size="default" className={cn('gap-1 px-2.5 sm:pe-2.5', className)} {...props}>
      <span className="hidden sm:block">{children}</span>
      <ChevronRightIcon aria-hidden className="rtl:rotate-180" />
    </PaginationLink>
  );
}

export function PaginationEllipsis({ className, ...props }: React.ComponentProps<'span'>) {
  return (
    <span aria-hidden data-slot="pagination-ellipsis" className={cn('flex size-9 items-center justify-center', className)} {...props}>
      <MoreHorizontalIcon className="size-4" />
      <span className="sr-only">More pages</span>
    </span>
  );
}

/** The page numbers to show around `page` of `count` (1-based), with null for an ellipsis. */
export function pageWindow(page: number, count: number, siblings = 1): (number | null)[] {
  const out: (number | null)[] = [];
  const from = Math.max(2, page - siblings);
  const to = Math.min(count - 1, page + siblings);
  out.push(1);
  if (from > 2) out.push(null);
  for (let p = from; p <= to; p++) out.push(p);
  if (to < count - 1) out.push(null);
  if (count > 1) out.push(count);
  return out;
}
