import * as React from 'react';
import * as Router from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { authStore } from '@usedcars/shared-auth';
import { singletonProbe } from '@usedcars/shared-ui';

export const withProbe = singletonProbe('dashboard', { React, Router, authStore, useQueryClient });
