-- Each person's interface language (a code the app speaks: en, fil, id, hi, uk, es); null until
-- their first sign-in takes the one their browser asks for.
ALTER TABLE "users" ADD COLUMN "language" varchar(8);
