import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { deleteSavedSearch, fetchSavedSearches } from '@usedcars/shared-api/alerts';
import type { SavedSearch } from '@usedcars/shared-contract';
import { dashboardKeys } from '../../lib/queryKeys';
import { errorText } from '@usedcars/shared-ui';

/** The buyer's saved searches (GET /saved-searches), read afresh each time: brand lists add to it. */
export function useSavedSearches() {
  return useQuery({
    queryKey: dashboardKeys.savedSearches(),
    queryFn: ({ signal }) => fetchSavedSearches(signal),
    refetchOnMount: 'always',
  });
}

/** Deletes a saved search; it leaves the list at once and comes back, with a toast, if the API refuses. */
export function useDeleteSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (search: SavedSearch) => deleteSavedSearch(search._id),
    onMutate: async (search) => {
      await queryClient.cancelQueries({ queryKey: dashboardKeys.savedSearches() });
      const before = queryClient.getQueryData<SavedSearch[]>(dashboardKeys.savedSearches());
      if (before)
        queryClient.setQueryData(
          dashboardKeys.savedSearches(),
          before.filter((candidate) => candidate._id !== search._id),
        );
      return { before };
    },
    onSuccess: (_, search) => toast.success(`Deleted ${search.name}`),
    onError: (error, search, context) => {
      queryClient.setQueryData(dashboardKeys.savedSearches(), context?.before);
      toast.error(`Could not delete ${search.name}: ${errorText(error)}`);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.savedSearches() }),
  });
}
