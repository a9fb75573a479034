package org.gamecensus.jobs;

import java.util.ArrayList;
import java.util.List;
import org.gamecensus.jobs.census.Census;
import org.gamecensus.jobs.census.UsageException;
import org.gamecensus.jobs.cram.CramCensus;
import org.gamecensus.jobs.hackenbush.HackenbushCensus;
import org.gamecensus.jobs.hex.HexCensus;
import org.gamecensus.jobs.lumberjack.LumberjackCensus;
import org.gamecensus.jobs.switching.SwitchingCensus;
import org.gamecensus.schemas.DatasetSchema;

/**
 * The registry: every census the project runs, in the order the commands take them. Adding a
 * census is one line here (see {@code docs/adding-a-census.md}); {@code run}, {@code verify},
 * {@code sql}, {@code publish} and {@code bench} take their censuses from this list.
 */
public final class Censuses {

    /** Every census, in the order {@code publish} runs them and the help lists them. */
    public static final List<Census> ALL = List.of(
            new SwitchingCensus(), new CramCensus(), new HexCensus(), new LumberjackCensus(), new HackenbushCensus());

    private Censuses() {}

    /** Every census's names, in order. */
    public static List<String> names() {
        return ALL.stream().map(Census::name).toList();
    }

    /** The census called {@code name}; refused in one line, naming the known ones, for {@code command}. */
    public static Census named(String name, String command) {
        for (Census c : ALL) {
            if (c.name().equals(name)) {
                return c;
            }
        }
        throw new UsageException("unknown census '" + name + "' for '" + command + "': known censuses are "
                + String.join(", ", names()));
    }

    /** The censuses the bench times: those with a bench size. */
    public static List<Census> benched() {
        return ALL.stream().filter(c -> c.benchSize() != null).toList();
    }

    /** Every table of every census. */
    public static List<DatasetSchema> schemas() {
        final List<DatasetSchema> all = new ArrayList<>();
        for (Census c : ALL) {
            all.addAll(c.schemas());
        }
        return all;
    }
}
