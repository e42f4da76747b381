-- Back-orders: a product the admin allows may be ordered beyond its stock. The in-stock part is
-- reserved as ever; the rest waits on its order line (backordered_quantity) until stock arrives and
-- is allocated to the waiting lines first come, first served. Orders go out in parts (shipments),
-- and a waiting part whose stock never comes can be cancelled with its money returned.
ALTER TABLE "products" ADD COLUMN IF NOT EXISTS "allow_backorder" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- units of the line still awaiting stock; the date they were expected when sold; units of the
-- waiting part cancelled (money returned); units dispatched in shipments
ALTER TABLE "order_lines" ADD COLUMN IF NOT EXISTS "backordered_quantity" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN IF NOT EXISTS "backorder_expected_on" date;
--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN IF NOT EXISTS "cancelled_quantity" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN IF NOT EXISTS "shipped_quantity" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "order_lines" DROP CONSTRAINT IF EXISTS "order_lines_parts";
--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_parts" CHECK ("backordered_quantity" >= 0 and "cancelled_quantity" >= 0 and "shipped_quantity" >= 0 and "backordered_quantity" + "cancelled_quantity" + "shipped_quantity" <= "quantity");
--> statement-breakpoint
-- stock arriving for a product finds its waiting lines at once, oldest first
CREATE INDEX IF NOT EXISTS "order_lines_waiting_idx" ON "order_lines" ("product_id", "order_id") WHERE "backordered_quantity" > 0;
--> statement-breakpoint
-- the shopper's limit: "refund me if it is not here by …" (a shop-time date), null when none was chosen
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "backorder_refund_by" date;
--> statement-breakpoint
-- the order's units still awaiting stock (the sum of its lines'), so its state alone says whether it can ship whole
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "waiting_units" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- One dispatch of an order's goods, numbered 1, 2, ... per order, with its own carrier and tracking.
CREATE TABLE IF NOT EXISTS "shipments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL REFERENCES "orders"("id") ON DELETE cascade,
	"number" integer NOT NULL,
	"carrier" text NOT NULL,
	"tracking_number" text NOT NULL,
	"dispatched_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer REFERENCES "users"("id") ON DELETE set null,
	CONSTRAINT "shipments_number" CHECK ("number" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "shipments_order_number_idx" ON "shipments" ("order_id", "number");
--> statement-breakpoint
-- the units of each order line a shipment carried
CREATE TABLE IF NOT EXISTS "shipment_lines" (
	"shipment_id" integer NOT NULL REFERENCES "shipments"("id") ON DELETE cascade,
	"order_line_id" integer NOT NULL REFERENCES "order_lines"("id") ON DELETE cascade,
	"quantity" integer NOT NULL,
	CONSTRAINT "shipment_lines_pk" PRIMARY KEY ("shipment_id", "order_line_id"),
	CONSTRAINT "shipment_lines_quantity" CHECK ("quantity" > 0)
);
--> statement-breakpoint
-- Stock that arrives for a product goes first to the order lines waiting for it, first come first
-- served (oldest order first), in the transaction that raised the stock, before anyone else can buy
-- it or be told it is back. One function, called by the trigger below (so every path that raises
-- stock is seen: the admin's editor and stock changes, imports, a cancelled order's stock, a return
-- to sellable stock) and by the application. Returns the units allocated.
CREATE OR REPLACE FUNCTION back_order_allocate(p_product integer) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
	v_stock integer;
	v_option integer;
	v_take integer;
	v_line record;
	v_allocated integer := 0;
BEGIN
	SELECT stock_quantity INTO v_stock FROM products WHERE id = p_product AND archived_at IS NULL FOR UPDATE;
	-- units kept for shoppers told by "notify me" (stock alerts held, migration 0042) are theirs until the hold ends
	v_stock := v_stock - (SELECT count(*) FROM stock_alerts WHERE product_id = p_product AND status = 'held' AND hold_until > now());
	IF v_stock IS NULL OR v_stock <= 0 THEN
		RETURN 0;
	END IF;
	FOR v_line IN
		SELECT l.id, l.order_id, l.variant_id, l.backordered_quantity
		FROM order_lines l JOIN orders o ON o.id = l.order_id
		WHERE l.product_id = p_product AND l.backordered_quantity > 0 AND o.status NOT IN ('cancelled', 'refused', 'refunded')
		ORDER BY o.created_at, o.id, l.id
		-- a line another transaction holds (its order being cancelled, shipped) is passed over rather
		-- than waited for: two stock changes crossing orders never deadlock, and the back-order job
		-- allocates what is left on the shelf to lines still waiting
		FOR UPDATE OF l SKIP LOCKED
	LOOP
		EXIT WHEN v_stock <= 0;
		v_take := least(v_stock, v_line.backordered_quantity);
		IF v_line.variant_id <> 'default' THEN
			SELECT stock INTO v_option FROM product_variants WHERE product_id = p_product AND combination_id = v_line.variant_id FOR UPDATE;
			v_option := coalesce(v_option, 0) - (SELECT count(*) FROM stock_alerts WHERE product_id = p_product AND combination_id = v_line.variant_id AND status = 'held' AND hold_until > now());
			v_take := least(v_take, v_option);
		END IF;
		CONTINUE WHEN v_take <= 0;
		UPDATE products SET stock_quantity = stock_quantity - v_take, updated_at = now() WHERE id = p_product;
		IF v_line.variant_id <> 'default' THEN
			UPDATE product_variants SET stock = stock - v_take WHERE product_id = p_product AND combination_id = v_line.variant_id;
		END IF;
		UPDATE order_lines SET backordered_quantity = backordered_quantity - v_take WHERE id = v_line.id;
		UPDATE orders SET waiting_units = waiting_units - v_take, updated_at = now() WHERE id = v_line.order_id;
		-- the timeline says when the waiting goods came in (the status itself does not change)
		INSERT INTO order_events (order_id, status, actor, note) SELECT id, status, 'system', 'back-order-stock-allocated' FROM orders WHERE id = v_line.order_id;
		v_stock := v_stock - v_take;
		v_allocated := v_allocated + v_take;
	END LOOP;
	RETURN v_allocated;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION back_order_stock_arrival() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW.stock_quantity > OLD.stock_quantity AND EXISTS (SELECT 1 FROM order_lines WHERE product_id = NEW.id AND backordered_quantity > 0) THEN
		PERFORM back_order_allocate(NEW.id);
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
-- named to fire before "products_stock_alert_arrival" (triggers of one event fire in name order):
-- the waiting orders are served before the "notify me" list is told what is left
DROP TRIGGER IF EXISTS "products_back_order_allocation" ON "products";
--> statement-breakpoint
CREATE TRIGGER "products_back_order_allocation" AFTER UPDATE OF "stock_quantity" ON "products" FOR EACH ROW EXECUTE FUNCTION back_order_stock_arrival();
