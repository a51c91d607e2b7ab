import * as React from 'react';
import * as Router from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { authStore } from '@usedcars/shared-auth';
import { singletonProbe } from '@usedcars/shared-ui';

/** For the screens that read the API: they also record the QueryClient they were handed. */
export const withProbe = singletonProbe('catalog', { React, Router, authStore, useQueryClient });
