import { useEffect, useRef, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { ChevronDown, ChevronRight } from 'lucide-react';
import { Link } from 'wouter';
import type { SopListItem } from '@common/contracts/sops';
import { SEARCH_RESULT_LIMIT } from '@common/limits';
import { can } from '@common/permissions';
import { listFiltersFor } from '@common/sop-lifecycle';
import { PageHeader } from '@/components/page-header';
import { Spinner } from '@/components/spinner';
import { Button } from '@/components/ui/button';
import { saveFileFrom } from '@/lib/download';
import { useCurrentUser } from '@/lib/session';
import { toast } from '@/hooks/use-toast';
import { failureText, useOnline } from '@/offline/offline-status';
import { SopsOnDevice } from '@/offline/sops-on-device';
import { libraryTotal, rememberLibraryTotal } from '@/offline/library-total';
import { dashboardStatsQuery, departmentsQuery } from '@/lib/shared-queries';
import { useArrival } from '@/hooks/use-arrival';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useMediaQuery } from '@/hooks/use-media-query';
import { useReturnFocus } from '@/hooks/use-return-focus';
import { useStableCallback } from '@/hooks/use-stable-callback';
import { cn } from '@/lib/utils';
import { toastFailure } from '@/lib/use-api-mutation';
import { LIST_PAGE_SIZE, registerExportUrl, sopQueries, useApproveSop, useSubmitSop } from './api';
import { DepartmentSidebar } from './department-sidebar';
import { AuthoringActions, ListActions } from './list-actions';
import { ListDialogs, type OpenDialog } from './list-dialogs';
import { downloadFromList } from './list-download';
import { ListFilters } from './list-filters';
import { useListParams } from './list-params';
import type { RowAction } from './sop-row-actions';
import { SopTable } from './sop-table';
import { Trans, useLingui } from '@lingui/react/macro';

/** One empty list for every render without an answer, so memoised rows see no change. */
const NO_ROWS: SopListItem[] = [];

export default function ProceduresPage() {
  const { user } = useCurrentUser();
  const online = useOnline();
  const { t } = useLingui();
  const [params, setParams] = useListParams();
  const { departmentId, status, noApprovedVersion, review, archive } = params;
  const [searchText, setSearchText] = useState(params.search);
  const search = useDebouncedValue(searchText, 250);
  useEffect(() => {
    if (search !== params.search) setParams({ search });
  }, [search, params.search, setParams]);
  const [departmentsOpen, setDepartmentsOpen] = useState(false);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [busyId, setBusyId] = useState<number | null>(null);
  const returnFocus = useReturnFocus();
  // One department tree at a time: the side column on wide screens, the folding filter below.
  const wide = useMediaQuery('(min-width: 1024px)');
  // A reader (who works from the versions in force) on a phone sees procedures first: the
  // authoring actions move under the list and the filters after the search fold away.
  const reader = !can(user, 'sop.read.unreleased');
  const phone = !useMediaQuery('(min-width: 640px)');
  const readerOnPhone = reader && phone;

  const departments = useQuery(departmentsQuery);
  // Whether a reader owns any SOP (the dashboard's count): then their own drafts and submissions are theirs to filter too.
  const stats = useQuery({ ...dashboardStatsQuery, enabled: reader && online });
  const filterScope = listFiltersFor(user, (stats.data?.mySubmissions ?? 0) > 0);
  const filters = { departmentId, status, search: params.search, review, noApprovedVersion, archive };
  // One page at a time from the server (decision 077); the last answer stays on screen while the next comes.
  const sops = useQuery({
    ...sopQueries.page(filters, params.sort, params.page),
    placeholderData: keepPreviousData,
    // With no link the list is what this device holds (below): a stored list would offer SOPs that do not open.
    enabled: online,
  });
  const queryClient = useQueryClient();
  const answer = sops.isPlaceholderData ? undefined : sops.data;
  // The page the rows on screen belong to: while the next page loads, the last page's rows stay,
  // and 'Showing 1–50' with them (not the next page's numbers over the last page's rows).
  const answeredPage = useRef(params.page);
  if (answer) answeredPage.current = params.page;
  const shownPage = sops.isPlaceholderData ? answeredPage.current : params.page;
  const nextCursor = answer?.nextCursor;
  const prefetchPage = useStableCallback((page: number) => queryClient.prefetchQuery(sopQueries.page(filters, params.sort, page)));
  useEffect(() => {
    // The next page is read ahead, so Next shows it at once.
    if (nextCursor) void prefetchPage(params.page + 1);
  }, [nextCursor, params.page, prefetchPage]);
  const unfiltered = !departmentId && status === 'all' && !params.search && !review && !noApprovedVersion && !archive;
  useEffect(() => {
    // The whole list's size, for the list offline ('12 of 340 procedures stored on this device').
    if (answer && unfiltered && user) rememberLibraryTotal(user.id, answer.total);
  }, [answer, unfiltered, user]);
  // A page past the end (a link kept while the list shrank): back to the first.
  useEffect(() => {
    if (answer && answer.items.length === 0 && params.page > 1) setParams({ page: 1 });
  }, [answer, params.page, setParams]);
  const submit = useSubmitSop();
  const approve = useApproveSop();

  // The first answer is drawn in a background render (see useArrival); later ones are not held back.
  const listed = useArrival(sops.data) !== undefined || sops.isError;
  const waiting = sops.isLoading || !listed;
  const rows = sops.data?.items ?? NO_ROWS;
  const limit = SEARCH_RESULT_LIMIT;
  const selectedName = departments.data?.find((d) => d.id === departmentId)?.name;
  const departmentName = selectedName ?? t`All Departments`;

  const onAction = async (action: RowAction, sop: SopListItem) => {
    // Approve asks first, with the version and its changes in view.
    if (action === 'preview' || action === 'history' || action === 'delete' || action === 'withdraw' || action === 'approve') {
      returnFocus.remember();
      return setDialog({ kind: action, sop });
    }
    setBusyId(sop.id);
    try {
      if (action === 'submit') await submit.mutateAsync(sop).catch(() => undefined);
      if (action === 'download') await downloadFromList(sop);
    } finally {
      setBusyId(null);
    }
  };

  // One identity for every render, so cards that did not change are not rendered again.
  const onRowAction = useStableCallback(onAction);

  const sidebar = (
    <DepartmentSidebar
      departments={departments.data}
      isLoading={departments.isLoading}
      isError={departments.isError}
      selectedId={departmentId}
      onlyWithSops={reader}
      onToggle={(id) => setParams({ departmentId: departmentId === id ? null : id })}
      onClear={() => setParams({ departmentId: null })}
    />
  );
  const [exporting, setExporting] = useState(false);
  // The register for exactly the filters on screen: every row, streamed by the server, not the page shown.
  const exportRegister = async () => {
    setExporting(true);
    try {
      const name = await saveFileFrom(
        registerExportUrl({ departmentId, status, search: params.search, review, noApprovedVersion, archive }),
        'sop-register.csv',
      );
      toast({ title: t`Export ready`, description: name });
    } catch (error) {
      toastFailure(error, { title: t`Export failed`, fallback: t`The register could not be exported.` });
    } finally {
      setExporting(false);
    }
  };

  const closeDialog = useStableCallback(() => {
    setDialog(null);
    returnFocus.restore();
  });
  const onExport = useStableCallback(exportRegister);

  return (
    <div>
      <nav aria-label={t`Breadcrumb`} className="mb-2 flex items-center gap-1 text-sm text-muted-foreground">
        <Link href="/" className="hover:text-foreground hover:underline">
          <Trans>Home</Trans>
        </Link>
        <ChevronRight className="size-3.5" aria-hidden="true" />
        <span aria-current="page" className="font-medium text-foreground">
          {departmentName}
        </span>
      </nav>
      <PageHeader
        title={t`Procedures`}
        description={t`Standard operating procedures across the fleet`}
        actions={<ListActions online={online} exporting={exporting} onExport={onExport} reader={reader} />}
      />
      {!online ? (
        <section aria-label={t`SOP list`} className="space-y-3" data-testid="offline-procedures">
          <p className="text-sm text-muted-foreground">
            <Trans>Offline: these procedures open from this device. Search and filters need the link; the rest of the list returns with it.</Trans>
          </p>
          <SopsOnDevice
            userId={user?.id}
            ofTotal={libraryTotal(user?.id)}
            empty={t`No procedure is stored on this device yet. Open one while the link is there, or keep it offline.`}
          />
        </section>
      ) : (
        <div className="grid grid-cols-1 gap-5 lg:grid-cols-[216px_minmax(0,1fr)]">
          {wide && <aside>{sidebar}</aside>}
          <section aria-label={t`SOP list`} className="min-w-0 space-y-4">
            <ListFilters
              params={params}
              setParams={setParams}
              searchText={searchText}
              onSearchText={setSearchText}
              updating={sops.isFetching && !sops.isLoading}
              folded={readerOnPhone}
              showArchive={!reader}
              scope={filterScope}
            />
            {/* Below 1024 px the department tree folds away under the search instead of pushing it down. */}
            {!wide && (
              <div>
                <Button
                  variant="outline"
                  className="w-full justify-between bg-card"
                  aria-expanded={departmentsOpen}
                  aria-controls="department-filter"
                  onClick={() => setDepartmentsOpen((open) => !open)}
                >
                  <span className="truncate">
                    <Trans>Department: {departmentName}</Trans>
                  </span>
                  <ChevronDown className={cn('transition-transform', departmentsOpen && 'rotate-180')} aria-hidden="true" />
                </Button>
                {departmentsOpen && (
                  <div id="department-filter" className="mt-2">
                    {sidebar}
                  </div>
                )}
              </div>
            )}
            {waiting ? (
              <div className="flex justify-center rounded-lg border bg-card py-16">
                <Spinner label={t`Loading SOPs`} />
              </div>
            ) : sops.isError ? (
              <div className="flex flex-col items-center gap-3 rounded-lg border bg-card py-12 text-center">
                <p className="font-medium text-destructive">{failureText(sops.error, t`The SOPs could not be loaded.`)}</p>
                <Button variant="outline" onClick={() => sops.refetch()}>
                  <Trans>Try again</Trans>
                </Button>
              </div>
            ) : (
              <>
                {params.search && (sops.data?.total ?? 0) >= SEARCH_RESULT_LIMIT && (
                  <p className="mb-2 text-sm text-muted-foreground" role="status">
                    <Trans>Showing the {limit} best matches. Add a word to narrow the search.</Trans>
                  </p>
                )}
                <SopTable
                  sops={rows}
                  user={user}
                  busyId={busyId}
                  sort={params.sort}
                  page={shownPage}
                  onSort={(sort) => setParams({ sort })}
                  onPage={(page) => setParams({ page })}
                  onAction={onRowAction}
                  paged={{
                    total: sops.data?.total ?? 0,
                    estimate: sops.data?.totalIsEstimate ?? false,
                    hasNext: Boolean(sops.data?.nextCursor),
                    pageSize: LIST_PAGE_SIZE,
                  }}
                />
              </>
            )}
            {/* Hidden until the list is in: drawn under the spinner, the list's arrival pushed it off the screen (a layout shift). */}
            {reader && can(user, 'sop.create') && (
              <div className="flex flex-wrap items-center gap-2 rounded-lg border bg-card p-3 sm:hidden" hidden={waiting} data-testid="authoring-actions">
                <p className="w-full text-sm text-muted-foreground">
                  <Trans>Write or upload a procedure of your own:</Trans>
                </p>
                <AuthoringActions online={online} />
              </div>
            )}
          </section>
        </div>
      )}
      <ListDialogs dialog={dialog} approving={approve.isPending} onApprove={approve.mutateAsync} onClose={closeDialog} />
    </div>
  );
}
