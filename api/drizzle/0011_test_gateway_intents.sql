-- The offline test gateway's payment intents, in the database so that every API instance can confirm and pay them (docs/operate-scale-out.md).
CREATE TABLE "test_gateway_intents" (
	"id" text PRIMARY KEY NOT NULL,
	"client_secret" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"status" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"booking_id" text,
	"last_error" text,
	"refunded" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_gateway_intents_client_secret_unique" UNIQUE("client_secret"),
	CONSTRAINT "test_gateway_intents_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "test_gateway_intents_status_check" CHECK ("test_gateway_intents"."status" in ('requires_payment_method', 'requires_confirmation', 'requires_action', 'processing', 'requires_capture', 'canceled', 'succeeded')),
	CONSTRAINT "test_gateway_intents_refunded_check" CHECK (not "test_gateway_intents"."refunded" or "test_gateway_intents"."status" = 'succeeded')
);
