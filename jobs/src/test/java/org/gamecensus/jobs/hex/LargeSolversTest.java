package org.gamecensus.jobs.hex;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;

/** A JVM's large solvers: a permit a GiB of heap, and no more tasks at once than permits. */
class LargeSolversTest {

    @Test
    void aPermitForEachGibOfTheHeapAndAtLeastOne() {
        assertEquals(6, LargeSolvers.permits(6L << 30));
        assertEquals(2, LargeSolvers.permits((3L << 30) - 1));
        assertEquals(1, LargeSolvers.permits(512L << 20));
        Assertions.assertThrows(IllegalArgumentException.class, () -> LargeSolvers.permits(0));
    }

    @Test
    void noMoreCallsAtOnceThanPermits() throws Exception {
        final Semaphore permits = new Semaphore(2);
        // The first two in wait for each other, so two do overlap however loaded the host.
        final CountDownLatch firstTwo = new CountDownLatch(2);
        final AtomicInteger running = new AtomicInteger();
        final AtomicInteger most = new AtomicInteger();
        final List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            final Thread t = new Thread(() -> LargeSolvers.call(permits, () -> {
                most.accumulateAndGet(running.incrementAndGet(), Math::max);
                firstTwo.countDown();
                try {
                    firstTwo.await(10, TimeUnit.SECONDS);
                    Thread.sleep(100);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return running.decrementAndGet();
            }));
            threads.add(t);
            t.start();
        }
        for (Thread t : threads) {
            t.join();
        }
        assertEquals(2, most.get(), "two at once, never three");
        assertEquals(2, permits.availablePermits(), "every permit given back");
    }
}
