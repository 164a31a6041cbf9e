import { z } from 'zod';
import { requiredText } from '../common.schemas';

export const followSchema = z.object({ followingUserId: requiredText(128) });
