package org.gamecensus.jobs.census;

import java.io.PrintWriter;

/**
 * The warehouse run a command opened on this thread ({@link Warehouse#openRun}), ended by the
 * command line when the command ends, however it ends.
 */
public final class OpenRun {

    private static final ThreadLocal<Warehouse> OPEN = new ThreadLocal<>();

    private OpenRun() {}

    /** Opens the command's run: what dead runs left is completed or cleared first, each thing done printed. */
    public static void open(Warehouse warehouse, String command, boolean replace, PrintWriter out) {
        for (String line : warehouse.openRun(command, replace)) {
            out.println("recovered: " + line);
        }
        OPEN.set(warehouse);
    }

    /** Ends the run this thread's command opened, if any. */
    public static void close() {
        final Warehouse warehouse = OPEN.get();
        OPEN.remove();
        if (warehouse != null) {
            warehouse.closeRun();
        }
    }
}
