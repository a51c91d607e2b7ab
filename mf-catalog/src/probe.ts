import * as React from 'react';
import * as Router from 'react-router-dom';
import { authStore } from '@usedcars/shared-auth';
import { singletonProbe } from '@usedcars/shared-ui';

/** What every catalog screen was handed; probeWithQueries adds the QueryClient. */
export const catalogSingletons = { React, Router, authStore };

/** For the screens of fixed content (home, about, blogs): the shell gives them no QueryClient. */
export const withProbe = singletonProbe('catalog', catalogSingletons);
