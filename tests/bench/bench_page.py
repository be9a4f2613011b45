# SPDX-License-Identifier: MIT
"""make bench: the page from request to analysis shown, in headless
Chromium: a shared link (/?hand=...) of a 14-tile hand is opened and the
time from navigation start to the discard table drawn (the page records
performance.now() when it has rendered) is read; median of 5 loads, each in
a fresh tab state (cache cleared).  Prints a BENCH line.

Usage: python3 tests/bench/bench_page.py PORT"""
import statistics
import sys
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service


def main():
    port = int(sys.argv[1])
    o = webdriver.ChromeOptions()
    o.binary_location = "/usr/bin/chromium"
    for a in ("--headless=new", "--no-sandbox", "--disable-gpu",
              "--disable-dev-shm-usage", "--window-size=900,1300"):
        o.add_argument(a)
    d = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=o)
    times = []
    try:
        for k in range(6):
            d.execute_cdp_cmd("Network.clearBrowserCache", {})
            hand = ["4566m123p456p789s1z", "123m406p789s11223z",
                    "1112345678999m1z", "19m19p19s12345677z",
                    "2345m34567p22s456z", "11223344556677m"][k]
            d.get("http://127.0.0.1:%d/?hand=%s" % (port, hand))
            t0 = time.time()
            at = None
            while at is None and time.time() - t0 < 10:
                at = d.execute_script("return document.body.dataset.analysedAt")
                time.sleep(0.005)
            if k > 0:  # the first load starts the browser's own machinery
                times.append(float(at))
    finally:
        d.quit()
    print("BENCH serve.page.shown %.0f ms" % statistics.median(times))


if __name__ == "__main__":
    main()
