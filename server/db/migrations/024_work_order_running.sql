-- A calendar change moves only running SLA deadlines (server/workorders/sweep.ts recomputeAll,
-- only 'running'): the orders with a clock running, a few thousand of a million, read in id
-- order through this index instead of a scan of every open order.
CREATE INDEX work_orders_running ON work_orders (id) WHERE fr_since IS NOT NULL OR up_since IS NOT NULL OR so_since IS NOT NULL;
